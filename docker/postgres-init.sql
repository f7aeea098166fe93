-- One database per service (docs/architecture.md#databases: no service reads another's tables).
CREATE DATABASE sh_identity;
CREATE DATABASE sh_garages;
CREATE DATABASE sh_records;
CREATE DATABASE sh_billing;
CREATE DATABASE sh_notifications;
