import type { TAmendmentChange } from '@sh/shared/contract';

/** A field an admin may correct. */
export type AmendableField = TAmendmentChange['field'];

/** Every amendable field, in the order changes are listed. */
export const AMENDABLE_FIELDS: readonly AmendableField[] = [
  'service_type',
  'notes',
  'service_date',
  'customer_email',
  'customer_phone',
];

/** The corrected fields that are part of the vehicle's history, sealed by the chain with their values. */
export const HISTORY_FIELDS: ReadonlySet<AmendableField> = new Set(['service_type', 'notes', 'service_date']);

/** A record's current value of each amendable field. */
export type AmendableValues = Record<AmendableField, string | null>;

/**
 * What an amendment changes: each field given (not undefined) whose value differs from the current one, with both
 * values, in AMENDABLE_FIELDS order. A field given with its current value is no change.
 */
export function changesBetween(
  current: AmendableValues,
  proposed: Partial<Record<AmendableField, string | null | undefined>>,
): TAmendmentChange[] {
  const changes: TAmendmentChange[] = [];
  for (const field of AMENDABLE_FIELDS) {
    const to = proposed[field];
    if (to === undefined || to === current[field]) continue;
    changes.push({ field, from: current[field], to });
  }
  return changes;
}

/** The values after an amendment's changes. */
export function applyChanges(current: AmendableValues, changes: readonly TAmendmentChange[]): AmendableValues {
  const next = { ...current };
  for (const change of changes) next[change.field] = change.to;
  return next;
}

/** Whether a change is to a history field (its values are sealed and public) or to the customer's contact (only named). */
export function isHistoryChange(change: TAmendmentChange): boolean {
  return HISTORY_FIELDS.has(change.field);
}
