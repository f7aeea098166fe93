import { z } from 'zod';
import { ZAdminReasonSchema } from './admin-reason.js';
import { successEnvelope } from './envelope.js';
import { ZEventNameSchema, ZServiceNameSchema } from './events.js';
import { ZGarageSubscriptionStatusSchema } from './garages.js';
import { MESSAGES } from './messages.js';
import { normaliseRegistration } from './constants.js';
import { REGISTRATION_MAX_LENGTH } from './constants.js';
import { NOTES_MAX_LENGTH, ZCustomerEmailSchema, ZCustomerPhoneSchema, ZServiceTypeSchema } from './records.js';

// The admin's calls (GET admin/data, PATCH and DELETE service-records/{id}) and what goes with them
// (docs/product.md#the-admin): an edit is an amendment and a delete a withdrawal, both appended to the vehicle's
// chain; the audit of every admin action; suspension of a garage; and the platform's live status.

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
const ZGarageSearchSchema = z.string().max(200, MESSAGES.adminActions.searchTooLong).trim();

/** Search of the records list: a registration, matched exactly once normalised (docs/product.md#service-record-manager: upper-cased). */
const ZRecordSearchSchema = z
  .string()
  .max(32, MESSAGES.platform.registrationTooLong)
  .transform(normaliseRegistration)
  .pipe(
    z
      .string()
      .max(REGISTRATION_MAX_LENGTH, MESSAGES.platform.registrationTooLong)
      .regex(/^[A-Z0-9]*$/, MESSAGES.platform.registrationInvalidCharacters),
  );

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
  records_q: ZRecordSearchSchema.optional(),
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

/** Path parameters of PATCH and DELETE /service-records/{id}: ids must be UUIDs (docs/product.md#validation-rules). */
export const ZServiceRecordIdParamSchema = z.object({ id: z.string().uuid(MESSAGES.adminActions.idInvalid) });

/** A service date as an admin corrects it: a real calendar date (the service checks it is not in the future). */
export const ZCorrectedServiceDateSchema = z
  .string({ error: MESSAGES.adminActions.serviceDateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.adminActions.serviceDateInvalid)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1950-01-01';
  }, MESSAGES.adminActions.serviceDateInvalid);

/**
 * PATCH /service-records/{id} (admin only): an amendment. Every field but the reason is optional; those given are
 * validated like creation, and at least one must change something (400 otherwise).
 */
export const ZAmendServiceRecordRequestSchema = z.object({
  service_type: ZServiceTypeSchema.optional(),
  notes: z
    .string()
    .max(NOTES_MAX_LENGTH * 2, MESSAGES.records.notesTooLong)
    .trim()
    .max(NOTES_MAX_LENGTH, MESSAGES.records.notesTooLong)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value ? value : null)),
  service_date: ZCorrectedServiceDateSchema.optional(),
  customer_email: ZCustomerEmailSchema.optional(),
  customer_phone: ZCustomerPhoneSchema.optional(),
  reason: ZAdminReasonSchema,
});
export type TAmendServiceRecordRequest = z.infer<typeof ZAmendServiceRecordRequestSchema>;
export type TAmendServiceRecordInput = z.input<typeof ZAmendServiceRecordRequestSchema>;
export const ZAmendServiceRecordResponseSchema = successEnvelope(
  z.object({ serviceRecord: ZAdminServiceRecordSchema }),
);
export type TAmendServiceRecordResponse = z.infer<typeof ZAmendServiceRecordResponseSchema>;

/** DELETE /service-records/{id} (admin only), with the reason as its JSON body: a withdrawal. */
export const ZWithdrawServiceRecordRequestSchema = z.object({ reason: ZAdminReasonSchema });
export type TWithdrawServiceRecordRequest = z.infer<typeof ZWithdrawServiceRecordRequestSchema>;
export const ZWithdrawServiceRecordResponseSchema = successEnvelope(
  z.object({ serviceRecord: ZAdminServiceRecordSchema }),
);

/** What the admin is told of an erasure (kept out of MESSAGES, which the first page loads whole). */
export const ERASURE_MESSAGES = {
  fieldsRequired: 'Choose at least one field to erase',
  fieldsRepeated: 'Name each field once',
  recordErased: 'The chosen fields were erased',
  sealedBeforeErasure:
    'This record was sealed before fields could be erased from it: its entries hash the values themselves, so erasing them would break its history',
} as const;

/** The fields of a garage's record an admin may erase for good (a person's request, a garage's mistake). */
export const ZErasableFieldSchema = z.enum(['notes', 'technician_name', 'signed_by']);
export type TErasableField = z.infer<typeof ZErasableFieldSchema>;
/**
 * POST /service-records/{id}/erasure (admin only): deletes the named fields' values wherever they are kept; the
 * record's entries still verify from their salted commitments (transparency-log/field-commitment.ts).
 */
export const ZEraseRecordFieldsRequestSchema = z.object({
  fields: z
    .array(ZErasableFieldSchema, ERASURE_MESSAGES.fieldsRequired)
    .min(1, ERASURE_MESSAGES.fieldsRequired)
    .refine((fields) => new Set(fields).size === fields.length, ERASURE_MESSAGES.fieldsRepeated),
  reason: ZAdminReasonSchema,
});
export type TEraseRecordFieldsRequest = z.infer<typeof ZEraseRecordFieldsRequestSchema>;
export const ZEraseRecordFieldsResponseSchema = successEnvelope(z.object({ serviceRecord: ZAdminServiceRecordSchema }));

/** POST /garages/{id}/suspension and DELETE /garages/{id}/suspension (admin only): suspend or reinstate, with why. */
export const ZGarageSuspensionRequestSchema = z.object({ reason: ZAdminReasonSchema });
export type TGarageSuspensionRequest = z.infer<typeof ZGarageSuspensionRequestSchema>;
export const ZGarageSuspensionResponseSchema = successEnvelope(z.object({ garage: ZAdminGarageSchema }));
export type TGarageSuspensionResponse = z.infer<typeof ZGarageSuspensionResponseSchema>;

/** How one part of the platform is doing, in plain words when it is not. */
export const ZStatusCheckSchema = z.object({
  name: z.string(),
  ok: z.boolean(),
  /** Plain words for people: what is wrong, when something is. */
  detail: z.string().nullable(),
});
export type TStatusCheck = z.infer<typeof ZStatusCheckSchema>;

/** One service's event queue: jobs waiting, running, waiting for a retry, and dead (given up on). */
export const ZQueueStatusSchema = z.object({
  service: ZServiceNameSchema,
  waiting: z.number().int().min(0),
  active: z.number().int().min(0),
  delayed: z.number().int().min(0),
  failed: z.number().int().min(0),
});
export type TQueueStatus = z.infer<typeof ZQueueStatusSchema>;

/** An event a consumer gave up on, which the admin can retry. */
export const ZDeadEventSchema = z.object({
  service: ZServiceNameSchema,
  id: z.string(),
  name: ZEventNameSchema,
  failedReason: z.string(),
  attempts: z.number().int().min(0),
  failedAt: z.string(),
});
export type TDeadEvent = z.infer<typeof ZDeadEventSchema>;

/** GET /admin/status: the platform's live health. */
export const ZAdminStatusResponseSchema = successEnvelope(
  z.object({
    ok: z.boolean(),
    /** One line for the overview: "All systems operational" or what is down, in plain words. */
    summary: z.string(),
    checkedAt: z.string(),
    /** Each service's readiness (its Postgres and Redis), then Redis as the gateway sees it. */
    checks: z.array(ZStatusCheckSchema),
    queues: z.array(ZQueueStatusSchema),
    deadEvents: z.array(ZDeadEventSchema),
  }),
);
export type TAdminStatusResponse = z.infer<typeof ZAdminStatusResponseSchema>;

/** POST /admin/events/{service}/{id}/retry (admin only): a dead event goes round again with fresh attempts. */
export const ZRetryEventParamSchema = z.object({
  service: ZServiceNameSchema,
  id: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9:_-]+$/, MESSAGES.platform.invalidRequest),
});
export const ZRetryEventResponseSchema = successEnvelope(
  z.object({ service: ZServiceNameSchema, id: z.string(), outcome: z.enum(['requeued']) }),
);

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
  q: ZRecordSearchSchema.optional(),
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
