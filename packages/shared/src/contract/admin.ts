/**
 * The admin's data (docs/product.md#the-admin): GET admin/data's garages, records, totals and the audit of every
 * admin action; a garage's suspension; and the calls between services that admin/data and admin/status are composed
 * from. An admin's corrections of a record are in admin-corrections.ts, the platform's live status in admin-status.ts.
 */
import { z } from 'zod';
import { ZAdminReasonSchema } from './admin-reason.js';
import { successEnvelope } from './envelope.js';
import { ZDeadEventSchema, ZQueueStatusSchema } from './admin-status.js';
import { ZServiceNameSchema } from './events.js';
import { ZGarageSubscriptionStatusSchema } from './garages.js';
import { MESSAGES } from './messages.js';
import { ADMIN_ACTION_MESSAGES } from './admin-action-messages.js';
import { ZRegistrationSearchSchema } from './registration.js';

/** The most rows one page of an admin list holds. */
export const ADMIN_PAGE_MAX = 100;
export const ADMIN_PAGE_DEFAULT = 20;
/** The most admin actions the overview lists. */
export const ADMIN_ACTIONS_SHOWN = 20;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export { REASON_MAX_LENGTH, REASON_MIN_LENGTH, ZAdminReasonSchema } from './admin-reason.js';

/** An opaque page cursor, as the previous page answered it. */
const ZCursorSchema = z
  .string()
  .max(400)
  .regex(/^[A-Za-z0-9_-]*$/, MESSAGES.records.cursorInvalid);

/** Free-text search of the garages list: name, e-mail or company number (case-insensitive, contains). */
const ZGarageSearchSchema = z.string().max(200, ADMIN_ACTION_MESSAGES.searchTooLong).trim();

const ZPageLimitSchema = z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_DEFAULT);

/**
 * GET /admin/data: the overview's totals and recent admin actions, one page of garages and one page of records.
 * `only` asks for one list (the other comes back empty, with the totals), so that paging one list does not reload
 * the other. Both lists are keyset-paged: a page's nextCursor fetches the next one.
 */
export const ZAdminDataQuerySchema = z.object({
  only: z.enum(['garages', 'serviceRecords']).optional(),
  garages_q: ZGarageSearchSchema.optional(),
  garages_cursor: ZCursorSchema.optional(),
  records_q: ZRegistrationSearchSchema.optional(),
  records_cursor: ZCursorSchema.optional(),
  limit: ZPageLimitSchema,
});
export type TAdminDataQuery = z.infer<typeof ZAdminDataQuerySchema>;

/** A garage as the admin's garages table shows it (docs/product.md#admin-dashboard). */
export const ZAdminGarageSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Null once an admin released it (company squatting). */
  companies_house_number: z.string().nullable(),
  subscription_status: ZGarageSubscriptionStatusSchema,
  joined_at: z.string(),
  referral_code: z.string(),
  /**
   * Who referred it: null when nobody did (shown as a dash); a name of null when the referring garage is gone
   * (shown as Unknown).
   */
  referred_by: z.object({ id: z.string().uuid().nullable(), name: z.string().nullable() }).nullable(),
  email_confirmed: z.boolean(),
  suspension: z.object({ suspended_at: z.string(), reason: z.string() }).nullable(),
});
export type TAdminGarage = z.infer<typeof ZAdminGarageSchema>;

/** One field an amendment changed. Customer contact values are kept for the admin only, never in the public chain. */
export const ZAmendmentChangeSchema = z.object({
  field: z.enum(['service_type', 'notes', 'service_date', 'customer_email', 'customer_phone']),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type TAmendmentChange = z.infer<typeof ZAmendmentChangeSchema>;

/** One amendment of a record, as the admin sees it. */
export const ZAmendmentSchema = z.object({
  id: z.string().uuid(),
  amended_at: z.string(),
  amended_by: z.object({ id: z.string().uuid(), email: z.string() }),
  reason: z.string(),
  changes: z.array(ZAmendmentChangeSchema),
  /** This amendment's place in the vehicle's chain. */
  position: z.number().int().min(1),
});
export type TAmendment = z.infer<typeof ZAmendmentSchema>;

/** A record as the admin's tables show it: every field, its garage, its amendments and whether it was withdrawn. */
export const ZAdminServiceRecordSchema = z.object({
  id: z.string().uuid(),
  garage_id: z.string().uuid(),
  vin: z.string(),
  vehicle_registration: z.string(),
  service_date: isoDate,
  mileage: z.number().int().nullable(),
  service_type: z.string(),
  notes: z.string().nullable(),
  /** As the lookup shows it: who signed the record stands in for an empty technician name. */
  technician_name: z.string().nullable(),
  /** The two names as the record keeps them, apart: what an erasure of either would delete. */
  stored_names: z.object({ technician_name: z.string().nullable(), signed_by: z.string().nullable() }),
  customer_email: z.string().nullable(),
  customer_phone: z.string().nullable(),
  created_at: z.string(),
  /** True for a record imported from its garage's history (absent otherwise), as the lookup says it. */
  imported: z.boolean().optional(),
  garage: z.object({ name: z.string(), email: z.string().nullable() }),
  amendments: z.array(ZAmendmentSchema),
  withdrawal: z
    .object({
      withdrawn_at: z.string(),
      withdrawn_by: z.object({ id: z.string().uuid(), email: z.string() }),
      reason: z.string(),
    })
    .nullable(),
});
export type TAdminServiceRecord = z.infer<typeof ZAdminServiceRecordSchema>;

/** What an admin did, as the audit keeps it. */
export const ZAdminActionKindSchema = z.enum([
  'service_record.amended',
  'service_record.withdrawn',
  'service_record.erased',
  'garage.suspended',
  'garage.reinstated',
  'garage.company_released',
  'event.retried',
  'user.password_set',
  'user.email_changed',
  'garage.phone_changed',
]);
export type TAdminActionKind = z.infer<typeof ZAdminActionKindSchema>;

/** One entry of the audit of admin actions: who, what, when, why. */
export const ZAdminActionSchema = z.object({
  id: z.string().uuid(),
  at: z.string(),
  actor: z.object({ id: z.string().uuid(), email: z.string() }),
  action: ZAdminActionKindSchema,
  /**
   * What it was done to: a record, a garage, an event or a user's account, and a label for people (a registration, a
   * garage name, the account's e-mail address before the change). Never a secret: no password, hash or token.
   */
  subject: z.object({ type: z.enum(['service_record', 'garage', 'event', 'user']), id: z.string(), label: z.string() }),
  reason: z.string().nullable(),
  /** The service that did it and keeps this entry. */
  service: ZServiceNameSchema,
});
export type TAdminAction = z.infer<typeof ZAdminActionSchema>;

/** The overview cards (docs/product.md#admin-dashboard: garages, service records, active subscriptions) and the latest service date. */
export const ZAdminTotalsSchema = z.object({
  garages: z.number().int().min(0),
  /** Records in the public history (withdrawn ones are not counted). */
  serviceRecords: z.number().int().min(0),
  /** Garages whose subscription is active or trialing. */
  activeSubscriptions: z.number().int().min(0),
  latestServiceDate: isoDate.nullable(),
});
export type TAdminTotals = z.infer<typeof ZAdminTotalsSchema>;

export const ZAdminDataResponseSchema = successEnvelope(
  z.object({
    totals: ZAdminTotalsSchema,
    garages: z.array(ZAdminGarageSchema),
    serviceRecords: z.array(ZAdminServiceRecordSchema),
    nextCursors: z.object({ garages: z.string().nullable(), serviceRecords: z.string().nullable() }),
    /** The newest admin actions, newest first, from every service that keeps them. */
    adminActions: z.array(ZAdminActionSchema),
    /** Parts that could not be loaded (a service that did not answer): the rest of the page still shows. */
    unavailable: z.array(z.string()),
  }),
);
export type TAdminDataResponse = z.infer<typeof ZAdminDataResponseSchema>;
export type TAdminData = TAdminDataResponse['data'];

/** POST /garages/{id}/suspension and DELETE /garages/{id}/suspension (admin only): suspend or reinstate, with why. */
export const ZGarageSuspensionRequestSchema = z.object({ reason: ZAdminReasonSchema });
export type TGarageSuspensionRequest = z.infer<typeof ZGarageSuspensionRequestSchema>;
export const ZGarageSuspensionResponseSchema = successEnvelope(z.object({ garage: ZAdminGarageSchema }));
export type TGarageSuspensionResponse = z.infer<typeof ZGarageSuspensionResponseSchema>;

// Between services (/internal/, never through the gateway): each service answers for its own data, and the gateway
// composes admin/data and admin/status from them.

/** Who did an admin action, as the gateway passes it to the service that does it. */
export const ZAdminActorSchema = z.object({ id: z.string().uuid(), email: z.string() });
export type TAdminActor = z.infer<typeof ZAdminActorSchema>;

/** GET /internal/admin/garages?q=&cursor=&limit= (garages): a page of garages and the garages' totals. */
export const ZInternalGaragesQuerySchema = z.object({
  q: ZGarageSearchSchema.optional(),
  cursor: ZCursorSchema.optional(),
  limit: ZPageLimitSchema,
});
export const ZInternalGaragesResponseSchema = successEnvelope(
  z.object({
    garages: z.array(ZAdminGarageSchema),
    nextCursor: z.string().nullable(),
    totals: z.object({ garages: z.number().int(), activeSubscriptions: z.number().int() }),
  }),
);
export type TInternalGaragesResponse = z.infer<typeof ZInternalGaragesResponseSchema>;

/** GET /internal/admin/service-records?q=&cursor=&limit= (records): a page of records, newest service first. */
export const ZInternalRecordsQuerySchema = z.object({
  q: ZRegistrationSearchSchema.optional(),
  cursor: ZCursorSchema.optional(),
  limit: ZPageLimitSchema,
});
export const ZInternalRecordsResponseSchema = successEnvelope(
  z.object({
    serviceRecords: z.array(ZAdminServiceRecordSchema),
    nextCursor: z.string().nullable(),
    totals: z.object({ serviceRecords: z.number().int(), latestServiceDate: isoDate.nullable() }),
  }),
);
export type TInternalRecordsResponse = z.infer<typeof ZInternalRecordsResponseSchema>;

/** GET /internal/admin/actions?limit= (every service with a database): its newest audit entries. */
export const ZInternalActionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_ACTIONS_SHOWN),
});
export const ZInternalActionsResponseSchema = successEnvelope(z.object({ adminActions: z.array(ZAdminActionSchema) }));

/** GET /internal/admin/queue (every consuming service): its own queue's counts and dead events. */
export const ZInternalQueueResponseSchema = successEnvelope(
  z.object({ queue: ZQueueStatusSchema, deadEvents: z.array(ZDeadEventSchema) }),
);

/** POST /internal/admin/dead-events/{id}/retry (every consuming service), body {actor}: retry one dead event. */
export const ZInternalRetryRequestSchema = z.object({ actor: ZAdminActorSchema });
