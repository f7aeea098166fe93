import { ZAdminDataQuerySchema, ADMIN_ACTION_MESSAGES } from '@sh/shared/contract';

/**
 * The admin's search boxes, each checked with the shared schema of its admin/data parameter and answering the
 * search to send ('' for none).
 */

/** Garages: name, e-mail or company number. */
export const ZGarageSearchFormSchema = ZAdminDataQuerySchema.pick({ garages_q: true }).transform(
  (query) => query.garages_q ?? '',
);

/** Records: a registration, normalised as the server matches it. */
export const ZRecordSearchFormSchema = ZAdminDataQuerySchema.pick({ records_q: true }).transform(
  (query) => query.records_q ?? '',
);

/** The service record manager's search: a registration is required (docs/product.md#service-record-manager). */
export const ZRequiredRegistrationSearchSchema = ZAdminDataQuerySchema.pick({ records_q: true })
  .refine((query) => Boolean(query.records_q), {
    path: ['records_q'],
    error: ADMIN_ACTION_MESSAGES.searchNeedsRegistration,
  })
  .transform((query) => query.records_q ?? '');
