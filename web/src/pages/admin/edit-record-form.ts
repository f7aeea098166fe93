import {
  isServiceItem,
  joinServiceItems,
  ZAmendServiceRecordRequestSchema,
  ZCorrectedServiceDateSchema,
  type TAdminServiceRecord,
  type TAmendServiceRecordInput,
  ADMIN_ACTION_MESSAGES,
} from '@sh/shared/contract';
import { todayIsoInUk } from '../../lib/format';
import { inChecklistOrder, splitServiceType } from '../../lib/service-items';

/** What the edit dialog holds, as typed, in the order it asks (docs/product.md#corrections). */
export type TEditRecordValues = {
  services: readonly string[];
  notes: string;
  serviceDate: string;
  customerEmail: string;
  customerPhone: string;
  reason: string;
};

/** The API's field paths that name a field of the dialog by another name. */
export const EDIT_RECORD_PATHS: Readonly<Record<string, keyof TEditRecordValues>> = {
  service_type: 'services',
  service_date: 'serviceDate',
  customer_email: 'customerEmail',
  customer_phone: 'customerPhone',
};

/**
 * The checklist's items a record's service type names, ticked when the dialog opens. A name the checklist does
 * not have (a record stored under older wording) cannot be ticked; the dialog shows the service type as stored.
 */
export function tickedServices(record: TAdminServiceRecord): string[] {
  return splitServiceType(record.service_type).filter(isServiceItem);
}

/** The dialog's starting values: the record as it reads now, its services ticked, and no reason yet. */
export function toEditRecordValues(record: TAdminServiceRecord): TEditRecordValues {
  return {
    services: tickedServices(record),
    notes: record.notes ?? '',
    serviceDate: record.service_date,
    customerEmail: record.customer_email ?? '',
    customerPhone: record.customer_phone ?? '',
    reason: '',
  };
}

function isSameSelection(a: readonly string[], b: readonly string[]): boolean {
  const first = new Set(a);
  const second = new Set(b);
  return first.size === second.size && [...first].every((item) => second.has(item));
}

/**
 * The PATCH body as typed: the reason and only the fields that differ from the record, so an amendment records
 * what the admin changed and nothing else (a field left alone is neither re-validated nor rewritten; a service
 * type stored before the checklist's wording is kept unless the services are changed).
 */
export function toAmendInput(record: TAdminServiceRecord, values: TEditRecordValues): TAmendServiceRecordInput {
  const input: TAmendServiceRecordInput = { reason: values.reason };
  if (!isSameSelection(values.services, tickedServices(record))) {
    input.service_type = joinServiceItems(inChecklistOrder(values.services));
  }
  if (values.notes.trim() !== (record.notes ?? '').trim()) input.notes = values.notes;
  if (values.serviceDate !== record.service_date) input.service_date = values.serviceDate;
  if (values.customerEmail.trim().toLowerCase() !== (record.customer_email ?? ''))
    input.customer_email = values.customerEmail;
  if (values.customerPhone.replace(/\s+/g, '') !== (record.customer_phone ?? ''))
    input.customer_phone = values.customerPhone;
  return input;
}

const AMENDABLE_FIELDS = ['service_type', 'notes', 'service_date', 'customer_email', 'customer_phone'] as const;

/**
 * The edit dialog's check: the shared amendment request (validated like creation, a reason required), a service
 * date not later than today in the UK (the server's rule, said before sending), and at least one field changed.
 */
export const ZEditRecordFormSchema = ZAmendServiceRecordRequestSchema.extend({
  service_date: ZCorrectedServiceDateSchema.refine(
    (value) => value <= todayIsoInUk(),
    ADMIN_ACTION_MESSAGES.serviceDateInFuture,
  ).optional(),
}).refine((body) => AMENDABLE_FIELDS.some((field) => body[field] !== undefined), {
  error: ADMIN_ACTION_MESSAGES.nothingToChange,
});
