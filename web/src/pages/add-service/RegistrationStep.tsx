import type { Ref } from 'react';
import { FormField } from '../../components/FormField';
import { SearchIcon } from '../../components/icons';
import type { TAddServiceWizard } from './use-add-service-wizard';
import { toUpperCaseTyping } from './wizard-form';
import { WizardStepForm } from './WizardStepForm';

/** Step 1: the registration, upper-cased as typed; Continue looks up the VIN on record for it. */
export function RegistrationStep({
  wizard,
  headingRef,
}: {
  wizard: TAddServiceWizard;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const isLooking = wizard.busy === 'lookup';

  return (
    <WizardStepForm
      title="Which vehicle did you service?"
      headingRef={headingRef}
      onSubmit={() => void wizard.continueFromRegistration()}
    >
      <div className="wizard-registration">
        <FormField
          label="Registration number"
          hint="As on the number plate, for example AB12 CDE."
          maxLength={10}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="next"
          aria-required
          {...wizard.form.bindField('registration')}
          onChange={(event) => wizard.update('registration', toUpperCaseTyping(event.target.value))}
        />
      </div>
      <div className="form__actions wizard-step__actions" aria-live="polite">
        <button
          type="submit"
          className="button button--primary button--large"
          disabled={isLooking}
          aria-busy={isLooking}
        >
          {isLooking ? (
            'Looking up vehicle...'
          ) : (
            <>
              <SearchIcon size={18} />
              Continue
            </>
          )}
        </button>
      </div>
    </WizardStepForm>
  );
}
