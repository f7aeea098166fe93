import { useRef, type FormEvent, type Ref } from 'react';
import { NOTES_MAX_LENGTH } from '@sh/shared/contract';
import { FormField } from '../../components/FormField';
import { ArrowLeftIcon, LockIcon } from '../../components/icons';
import { PhoneField } from '../../components/PhoneField';
import { TextAreaField } from '../../components/TextAreaField';
import { inChecklistOrder, type TAddServiceField } from '../../lib/add-service-form';
import { ServiceChecklist } from './ServiceChecklist';
import type { TAddServiceWizard } from './use-add-service-wizard';

const count = new Intl.NumberFormat('en-GB');

/**
 * Step 3: the service checklist, the extra notes (with a counter), and the optional technician and customer
 * contact. Submit is enabled once a service is ticked and opens the secure-submission dialog.
 */
export function ChecklistStep({ wizard, headingRef }: { wizard: TAddServiceWizard; headingRef: Ref<HTMLHeadingElement> }) {
  const refs = useRef<Partial<Record<TAddServiceField, HTMLElement | null>>>({});
  const { values, errors } = wizard;
  const selectedCount = values.selectedItems.length;
  const bind = (field: TAddServiceField) => (element: HTMLElement | null) => {
    refs.current[field] = element;
  };

  function toggle(item: string, isChecked: boolean) {
    const others = values.selectedItems.filter((selected) => selected !== item);
    wizard.update('selectedItems', isChecked ? inChecklistOrder([...others, item]) : others);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const focus = wizard.openDialog();
    if (focus) refs.current[focus]?.focus();
  }

  return (
    <form className="form wizard-step" noValidate onSubmit={handleSubmit} aria-labelledby="wizard-step-title">
      <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className="wizard-step__title">
        What was done?
      </h2>
      <div className="checklist__summary">
        <p className="form__note">Open a category and tick each service carried out.</p>
        <p className="checklist__count" aria-live="polite">
          {`${selectedCount} selected`}
        </p>
      </div>
      <ServiceChecklist selected={values.selectedItems} onToggle={toggle} error={errors.services} firstCategoryRef={bind('services')} />

      <TextAreaField
        ref={bind('notes')}
        label="Extra notes"
        hint={`Optional. ${count.format(values.notes.length)} of ${count.format(NOTES_MAX_LENGTH)} characters used.`}
        name="notes"
        rows={5}
        maxLength={NOTES_MAX_LENGTH}
        value={values.notes}
        error={errors.notes}
        onChange={(event) => wizard.update('notes', event.target.value)}
      />
      <div className="form__grid">
        <FormField
          ref={bind('technicianName')}
          label="Technician name (optional)"
          name="technician_name"
          maxLength={100}
          autoComplete="off"
          value={values.technicianName}
          error={errors.technicianName}
          onChange={(event) => wizard.update('technicianName', event.target.value)}
        />
        <FormField
          ref={bind('customerEmail')}
          label="Customer email (optional)"
          name="customer_email"
          type="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          value={values.customerEmail}
          error={errors.customerEmail}
          onChange={(event) => wizard.update('customerEmail', event.target.value)}
        />
        <PhoneField
          ref={bind('customerPhone')}
          label="Customer phone (optional)"
          name="customer_phone"
          autoComplete="off"
          value={values.customerPhone}
          error={errors.customerPhone}
          onPhoneChange={(digits) => wizard.update('customerPhone', digits)}
        />
      </div>

      <div className="form__actions wizard-step__actions">
        <button type="button" className="button button--ghost button--large" onClick={wizard.back}>
          <ArrowLeftIcon size={18} />
          Back
        </button>
        <button type="submit" className="button button--primary button--large" disabled={selectedCount === 0} aria-describedby="wizard-submit-hint">
          <LockIcon size={18} />
          Submit
        </button>
      </div>
      <p id="wizard-submit-hint" className="form__note">
        {selectedCount === 0 ? 'Tick at least one service to submit.' : 'You will confirm with your name and account password.'}
      </p>
    </form>
  );
}
