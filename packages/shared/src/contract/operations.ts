/**
 * Every public call of the API, for the OpenAPI document the gateway serves and the gateway's routing, guards and
 * budgets. Each service's calls are in operations/; this list puts them together in the order the document shows.
 */
import type { TOperation } from './openapi.js';
import { ADMIN_OPERATIONS } from './operations/admin.js';
import { API_KEY_OPERATIONS } from './operations/api-keys.js';
import { BILLING_OPERATIONS } from './operations/billing.js';
import { CONTACT_OPERATIONS } from './operations/contact.js';
import { GARAGES_OPERATIONS } from './operations/garages.js';
import { IDENTITY_OPERATIONS } from './operations/identity.js';
import { RECORDS_OPERATIONS } from './operations/records.js';
import { REMINDER_OPERATIONS } from './operations/reminders.js';
import { TEAM_OPERATIONS } from './operations/team.js';

/** Every public call of the API, for the OpenAPI document the gateway serves. */
export const OPERATIONS: TOperation[] = [
  ...RECORDS_OPERATIONS,
  ...ADMIN_OPERATIONS,
  ...IDENTITY_OPERATIONS,
  ...GARAGES_OPERATIONS,
  ...BILLING_OPERATIONS,
  ...CONTACT_OPERATIONS,
  ...REMINDER_OPERATIONS,
  ...TEAM_OPERATIONS,
  ...API_KEY_OPERATIONS,
];
