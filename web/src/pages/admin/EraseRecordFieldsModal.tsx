import {
  REASON_MAX_LENGTH,
  ZEraseRecordFieldsRequestSchema,
  type TAdminServiceRecord,
  type TErasableField,
} from '@sh/shared/contract';
import { eraseRecordFields } from '../../api/admin';
import { Field } from '../../components/Field';
import { FormModal } from '../../components/FormModal';
import { WarningIcon } from '../../components/icons';
import { NumberPlate } from '../../components/NumberPlate';
import { TextAreaField } from '../../components/TextAreaField';
import { messageOf } from '../../lib/error-message';
import { formatServiceDate } from '../../lib/format';
import { useSchemaForm } from '../../lib/use-schema-form';
import { amendmentsKeep, ERASABLE_FIELD_LABELS, ERASABLE_FIELDS, isErasable, storedValueOf } from './erase-record-form';

/** The dialog's message for a failed erasure without one of the server's own (no answer, a 500). */
const ERASE_FAILED = 'Failed to erase the data. Please try again.';

/**
 * The erasure dialog (issue 23 point 6): the notes, the technician's name and the signer's name, each with its
 * value as kept now (a field with nothing left is not offered), a warning that it cannot be undone, and a reason
 * with the withdrawal's rules. Confirming sends POST service-records/erasures/{id}; a failure stays in the dialog
 * (the server's field messages under their fields, its message above them) and changes nothing on the page.
 */
export function EraseRecordFieldsModal({
  record,
  onErased,
  onClose,
}: {
  record: TAdminServiceRecord;
  onErased: (record: TAdminServiceRecord) => void;
  onClose: () => void;
}) {
  const form = useSchemaForm({
    initialValues: { fields: [] as readonly TErasableField[], reason: '' },
    schema: ZEraseRecordFieldsRequestSchema,
    failureMessage: (error) => messageOf(error, ERASE_FAILED),
    onSubmit: async (request) => onErased(await eraseRecordFields(record.id, request)),
  });
  const chosen = new Set(form.values.fields);
  const firstErasable = ERASABLE_FIELDS.find((field) => isErasable(record, field));
  const signer = record.stored_names.signed_by;
  // The lookup shows who signed in place of a missing technician's name: erasing the technician alone leaves it.
  const isSignerLeftShowing = chosen.has('technician_name') && !chosen.has('signed_by') && signer !== null;

  function toggle(field: TErasableField, isChecked: boolean) {
    // Kept in the dialog's order, whatever order they were ticked in.
    form.setValue(
      'fields',
      ERASABLE_FIELDS.filter((each) => (each === field ? isChecked : chosen.has(each))),
    );
  }

  return (
    <FormModal
      form={form}
      title="Erase personal data"
      description={
        <>
          <p>
            From the {record.service_type} of {formatServiceDate(record.service_date)} for{' '}
            <NumberPlate registration={record.vehicle_registration} size="sm" />.
          </p>
          <div className="notice notice--warning admin-erase__warning">
            <WarningIcon size={22} />
            <div>
              <p className="notice__title">This cannot be undone</p>
              <p>
                What you tick is deleted for good from the record, its amendments and the vehicle’s history: admins, the
                garage and the public lookup will no longer see it. The history still verifies, from a fingerprint of
                each value that cannot be turned back into it.
              </p>
            </div>
          </div>
        </>
      }
      submitLabel="Erase for good"
      busyLabel="Erasing..."
      onClose={onClose}
    >
      <Field layout="group" label="What to erase" error={form.errors.fields}>
        {(control) => (
          <>
            <ul className="admin-erase__choices">
              {ERASABLE_FIELDS.map((field) => {
                const id = `${control.id}-${field}`;
                const value = storedValueOf(record, field);
                const descriptionIds = [`${id}-value`, amendmentsKeep(record, field) ? `${id}-amendments` : null];
                return (
                  <li key={field} className="checkbox-field admin-erase__choice">
                    <input
                      ref={field === firstErasable ? form.register('fields') : undefined}
                      id={id}
                      type="checkbox"
                      className="checkbox-field__input"
                      checked={chosen.has(field)}
                      disabled={!isErasable(record, field)}
                      aria-invalid={control['aria-invalid']}
                      aria-describedby={descriptionIds.filter(Boolean).join(' ')}
                      onChange={(event) => toggle(field, event.target.checked)}
                    />
                    <label htmlFor={id} className="checkbox-field__label">
                      {ERASABLE_FIELD_LABELS[field]}
                    </label>
                    <p
                      id={`${id}-value`}
                      className={value === null ? 'admin-erase__value admin-erase__value--none' : 'admin-erase__value'}
                    >
                      {value ?? (field === 'notes' ? 'No notes now' : 'Not recorded')}
                    </p>
                    {amendmentsKeep(record, field) ? (
                      <p id={`${id}-amendments`} className="admin-erase__more">
                        {field === 'notes'
                          ? 'Its amendments keep earlier notes: these are erased too.'
                          : 'Its amendments keep earlier values: these are erased too.'}
                      </p>
                    ) : null}
                    {field === 'signed_by' && value !== null && record.stored_names.technician_name === null ? (
                      <p className="admin-erase__more">Shown as the technician, as no technician is named.</p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            <div aria-live="polite">
              {isSignerLeftShowing ? (
                <p className="admin-erase__caution">
                  Where no technician is named, the public lookup shows who signed the record instead, so {signer} will
                  still show as the technician unless you tick Signer’s name too.
                </p>
              ) : null}
            </div>
          </>
        )}
      </Field>
      <TextAreaField
        label="Reason for erasing"
        hint="Required. Kept in the audit of admin actions, not shown to the public."
        rows={3}
        maxLength={REASON_MAX_LENGTH}
        aria-required
        {...form.bindField('reason')}
      />
    </FormModal>
  );
}
