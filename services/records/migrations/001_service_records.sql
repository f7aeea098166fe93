-- Service records, the garage directory read model and each garage's entitlement to add records.
CREATE TABLE service_records (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  garage_id uuid NOT NULL,
  vin text NOT NULL CHECK (vin = upper(vin) AND vin !~ '\s'),
  vehicle_registration text NOT NULL CHECK (vehicle_registration = upper(vehicle_registration) AND vehicle_registration !~ '\s'),
  service_date date NOT NULL,
  mileage integer CHECK (mileage IS NULL OR mileage >= 0),
  service_type text NOT NULL,
  notes text,
  technician_name text,
  customer_email text,
  customer_phone text,
  created_at timestamptz NOT NULL DEFAULT now(),
  withdrawn_at timestamptz
);

-- The public lookup: one index range scan per registration, already in display order.
CREATE INDEX service_records_lookup ON service_records (vehicle_registration, service_date DESC, created_at DESC)
  WHERE withdrawn_at IS NULL;
CREATE INDEX service_records_vin ON service_records (vin);
CREATE INDEX service_records_garage ON service_records (garage_id, service_date DESC);

-- Names and addresses of garages, kept from garage.registered / garage.updated events.
CREATE TABLE garage_directory (
  garage_id uuid PRIMARY KEY,
  name text NOT NULL,
  address text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Who may add records, kept from subscription.changed events; state_at orders them (newest wins).
CREATE TABLE garage_entitlements (
  garage_id uuid PRIMARY KEY,
  subscription_status text NOT NULL,
  can_add_records boolean NOT NULL,
  state_at bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
