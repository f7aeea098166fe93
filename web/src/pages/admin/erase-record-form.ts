import type { TAdminServiceRecord, TErasableField } from '@sh/shared/contract';

/** The fields an erasure can delete, in the order the dialog lists them and the request names them. */
export const ERASABLE_FIELDS: readonly TErasableField[] = ['notes', 'technician_name', 'signed_by'];

/** Each field's name in the erasure dialog. */
export const ERASABLE_FIELD_LABELS: Readonly<Record<TErasableField, string>> = {
  notes: 'Notes',
  technician_name: 'Technician’s name',
  signed_by: 'Signer’s name',
};

/** A field's value as the record keeps it now (the two names apart, not as the lookup merges them). */
export function storedValueOf(record: TAdminServiceRecord, field: TErasableField): string | null {
  return field === 'notes' ? record.notes : record.stored_names[field];
}

/** Whether the record's amendments still keep notes (an earlier or later value), which erasing the notes deletes too. */
export function amendmentsKeepNotes(record: TAdminServiceRecord): boolean {
  return record.amendments.some((amendment) =>
    amendment.changes.some((change) => change.field === 'notes' && (change.from !== null || change.to !== null)),
  );
}

/** Whether a field has anything left to erase: its value, or for the notes, what its amendments keep. */
export function isErasable(record: TAdminServiceRecord, field: TErasableField): boolean {
  return storedValueOf(record, field) !== null || (field === 'notes' && amendmentsKeepNotes(record));
}

/**
 * Whether the Erase action is offered: not on a withdrawn record (the withdrawal deleted its notes and names), nor
 * on one with nothing left to erase.
 */
export function hasErasableData(record: TAdminServiceRecord): boolean {
  return record.withdrawal === null && ERASABLE_FIELDS.some((field) => isErasable(record, field));
}
