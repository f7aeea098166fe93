import type { TAdminServiceRecord, TErasableField } from '@sh/shared/contract';

/** The fields an erasure can delete, in the order the dialog lists them and the request names them. */
export const ERASABLE_FIELDS: readonly TErasableField[] = [
  'notes',
  'technician_name',
  'signed_by',
  'customer_email',
  'customer_phone',
];

/** Each field's name in the erasure dialog. */
export const ERASABLE_FIELD_LABELS: Readonly<Record<TErasableField, string>> = {
  notes: 'Notes',
  technician_name: 'Technician’s name',
  signed_by: 'Signer’s name',
  customer_email: 'Customer’s e-mail',
  customer_phone: 'Customer’s phone',
};

/** A field's value as the record keeps it now (the two names apart, not as the lookup merges them). */
export function storedValueOf(record: TAdminServiceRecord, field: TErasableField): string | null {
  if (field === 'technician_name' || field === 'signed_by') return record.stored_names[field];
  return record[field];
}

/**
 * Whether the record's amendments still keep a value of the field (an earlier or later one), which erasing it deletes
 * too. Only the notes and the customer's contact are ever amended.
 */
export function amendmentsKeep(record: TAdminServiceRecord, field: TErasableField): boolean {
  return record.amendments.some((amendment) =>
    amendment.changes.some((change) => change.field === field && (change.from !== null || change.to !== null)),
  );
}

/** Whether a field has anything left to erase: its value, or what its amendments keep. */
export function isErasable(record: TAdminServiceRecord, field: TErasableField): boolean {
  return storedValueOf(record, field) !== null || amendmentsKeep(record, field);
}

/**
 * Whether the Erase action is offered: not on a withdrawn record (the withdrawal deleted its notes and names), nor
 * on one with nothing left to erase.
 */
export function hasErasableData(record: TAdminServiceRecord): boolean {
  return record.withdrawal === null && ERASABLE_FIELDS.some((field) => isErasable(record, field));
}
