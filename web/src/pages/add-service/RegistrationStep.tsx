import { useRef, type FormEvent, type Ref } from 'react';
import { FormField } from '../../components/FormField';
import { SearchIcon } from '../../components/icons';
import { toRegistrationTyping } from '../../lib/add-service-form';
import type { TAddServiceWizard } from './use-add-service-wizard';

/** Step 1: the registration, upper-cased as typed; Continue looks up the VIN on record for it. */
export function RegistrationStep({ wizard, headingRef }: { wizard: TAddServiceWizard; headingRef: Ref<HTMLHeadingElement> }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const isLooking = wizard.busy === 'lookup';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (wizard.busy) return;
    const focus = await wizard.continueFromRegistration();
    if (focus === 'registration') inputRef.current?.focus();
  }

  return (
    <form className="form wizard-step" noValidate onSubmit={(event) => void handleSubmit(event)} aria-labelledby="wizard-step-title">
      <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className="wizard-step__title">
        Which vehicle did you service?
      </h2>
      <div className="wizard-registration">
        <FormField
          ref={inputRef}
          label="Registration number"
          hint="As on the number plate, for example AB12 CDE."
          name="registration"
          value={wizard.values.registration}
          maxLength={10}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="next"
          aria-required
          error={wizard.errors.registration}
          onChange={(event) => wizard.update('registration', toRegistrationTyping(event.target.value))}
        />
      </div>
      <div className="form__actions wizard-step__actions" aria-live="polite">
        <button type="submit" className="button button--primary button--large" disabled={isLooking} aria-busy={isLooking}>
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
    </form>
  );
}
