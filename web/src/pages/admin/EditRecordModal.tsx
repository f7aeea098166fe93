import { MESSAGES, type TAdminServiceRecord } from '@sh/shared/contract';
import { amendServiceRecord } from '../../api/admin';
import { FormField } from '../../components/FormField';
import { FormModal } from '../../components/FormModal';
import { NotesField } from '../../components/NotesField';
import { ServiceChecklist } from '../../components/ServiceChecklist';
import { TextAreaField } from '../../components/TextAreaField';
import { isServerError } from '../../lib/error-message';
import { todayIsoInUk } from '../../lib/format';
import { bindServiceChecklist } from '../../lib/service-items';
import { useSchemaForm } from '../../lib/use-schema-form';
import { EDIT_RECORD_PATHS, toAmendInput, toEditRecordValues, ZEditRecordFormSchema } from './edit-record-form';
import { CustomerContactFields } from '../../components/CustomerContactFields';

/**
 * The edit dialog (docs/product.md#corrections): the registration read-only; the services (the add-record checklist,
 * ticked as recorded), notes, service date, customer e-mail and phone editable; and a required reason. Saving
 * sends only what changed as an amendment (PATCH service-records/{id}); the record is never rewritten. A failure
 * stays in the dialog: the field messages under their fields, the server's message or MESSAGES.admin.updateFailed above them.
 */
export function EditRecordModal({
  record,
  onSaved,
  onClose,
}: {
  record: TAdminServiceRecord;
  onSaved: (record: TAdminServiceRecord) => void;
  onClose: () => void;
}) {
  const form = useSchemaForm({
    initialValues: toEditRecordValues(record),
    schema: ZEditRecordFormSchema,
    toInput: (values) => toAmendInput(record, values),
    paths: EDIT_RECORD_PATHS,
    failureMessage: (error) =>
      isServerError(error) && error.status < 500 ? error.message : MESSAGES.admin.updateFailed,
    onSubmit: async (request) => onSaved(await amendServiceRecord(record.id, request)),
  });
  const { services } = form.values;

  return (
    <FormModal
      form={form}
      title="Edit service record"
      size="wide"
      description={<p>Your change is added to the record’s history with your reason, which the public lookup shows.</p>}
      submitLabel="Save amendment"
      busyLabel="Saving..."
      onClose={onClose}
    >
      <div className="form__grid">
        <FormField label="Registration" value={record.vehicle_registration} readOnly />
        <FormField label="VIN" value={record.vin} readOnly />
      </div>
      <fieldset className="form-field admin-edit__services">
        <legend className="field-label">Service type</legend>
        <p className="field-hint">{`Recorded as: ${record.service_type}. ${services.length} selected.`}</p>
        <ServiceChecklist {...bindServiceChecklist(form)} />
      </fieldset>
      <NotesField label="Notes" rows={4} {...form.bindField('notes')} />
      <div className="form__grid">
        <FormField
          label="Service date"
          type="date"
          max={todayIsoInUk()}
          {...form.bindField('serviceDate')}
          name="service_date"
        />
        <CustomerContactFields form={form} />
      </div>
      <TextAreaField
        label="Reason for the change"
        hint="Required. The public history shows it beside the amendment."
        rows={2}
        aria-required
        {...form.bindField('reason')}
      />
    </FormModal>
  );
}
