import type { Ref } from 'react';
import { FormField } from '../../components/FormField';
import { LockIcon } from '../../components/icons';
import { ServiceChecklist } from '../../components/ServiceChecklist';
import { NotesField } from '../../components/NotesField';
import { bindServiceChecklist } from '../../lib/service-items';
import type { TAddServiceWizard } from './use-add-service-wizard';
import { WizardBackButton, WizardStepForm } from './WizardStepForm';
import { CustomerContactFields } from '../../components/CustomerContactFields';

/**
 * Step 3: the service checklist, the extra notes (with a counter), and the optional technician and customer
 * contact. Submit is enabled once a service is ticked and opens the secure-submission dialog.
 */
export function ChecklistStep({
  wizard,
  headingRef,
}: {
  wizard: TAddServiceWizard;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { form } = wizard;
  const { services } = form.values;

  return (
    <WizardStepForm title="What was done?" headingRef={headingRef} onSubmit={wizard.openDialog}>
      <div className="checklist__summary">
        <p className="form__note">Open a category and tick each service carried out.</p>
        <p className="checklist__count" aria-live="polite">
          {`${services.length} selected`}
        </p>
      </div>
      <ServiceChecklist {...bindServiceChecklist(form)} />

      <NotesField label="Extra notes" rows={5} isOptional {...form.bindField('notes')} />
      <div className="form__grid">
        <FormField
          label="Technician name (optional)"
          maxLength={100}
          autoComplete="off"
          {...form.bindField('technicianName')}
          name="technician_name"
        />
        <CustomerContactFields form={form} isOptional />
      </div>

      <div className="form__actions wizard-step__actions">
        <WizardBackButton onBack={wizard.back} />
        <button
          type="submit"
          className="button button--primary button--large"
          disabled={services.length === 0}
          aria-describedby="wizard-submit-hint"
        >
          <LockIcon size={18} />
          Submit
        </button>
      </div>
      <p id="wizard-submit-hint" className="form__note">
        {services.length === 0
          ? 'Tick at least one service to submit.'
          : 'You will confirm with your name and account password.'}
      </p>
    </WizardStepForm>
  );
}
