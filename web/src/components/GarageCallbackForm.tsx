import { useRef, useState, type FormEvent } from 'react';
import { MESSAGES } from '@sh/shared/contract';
import { requestGarageCallback } from '../api/contact';
import {
  BEST_TIME_OPTIONS,
  CALLBACK_FIELD_ORDER,
  EMPTY_CALLBACK_VALUES,
  parseCallbackForm,
  toCallbackErrors,
  type TBestTime,
  type TCallbackErrors,
  type TCallbackField,
  type TCallbackValues,
} from '../lib/callback-form';
import { fieldErrorsOf } from '../lib/error-message';
import { firstFieldWithError, messagesShownOnce } from '../lib/form-errors';
import { FormAlert } from './FormAlert';
import { FormField } from './FormField';
import { PhoneField } from './PhoneField';
import { CheckIcon } from './icons';
import { RadioGroupField } from './RadioGroupField';
import { TextAreaField } from './TextAreaField';

type TTextField = Exclude<TCallbackField, 'bestTime'>;

/**
 * The "Add My Garage" callback form (SPEC.md sections 2, 5 and 7): full name, garage name, phone, the best
 * time to call and an optional message, checked with the server's schema, then POST contact/garage. The
 * API client sends the bearer token when someone is signed in, so the request records who asked.
 */
export function GarageCallbackForm({ titleId }: { titleId: string }) {
  const [values, setValues] = useState<TCallbackValues>(EMPTY_CALLBACK_VALUES);
  const [errors, setErrors] = useState<TCallbackErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'editing' | 'sending' | 'sent'>('editing');
  const fieldRefs = useRef<Partial<Record<TCallbackField, HTMLElement | null>>>({});

  function update<TField extends TCallbackField>(field: TField, value: TCallbackValues[TField]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function remember(field: TCallbackField) {
    return (element: HTMLElement | null) => {
      fieldRefs.current[field] = element;
    };
  }

  // 'Please provide your full name and garage name' shows once, under the first of the two that is missing.
  const shownErrors = messagesShownOnce(errors, CALLBACK_FIELD_ORDER);

  function bind(field: TTextField) {
    return {
      name: field,
      value: values[field],
      error: shownErrors[field],
      isInvalid: Boolean(errors[field]),
      ref: remember(field),
      onChange: (event: { target: { value: string } }) => update(field, event.target.value),
    };
  }

  function showErrors(next: TCallbackErrors) {
    setErrors(next);
    const first = firstFieldWithError(next, CALLBACK_FIELD_ORDER);
    if (first) fieldRefs.current[first]?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase !== 'editing') return;
    setFormError(null);
    const checked = parseCallbackForm(values);
    if ('errors' in checked) {
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    setPhase('sending');
    try {
      await requestGarageCallback(checked.request);
      setPhase('sent');
    } catch (error) {
      setPhase('editing');
      setFormError(MESSAGES.callback.failed);
      const serverErrors = toCallbackErrors(fieldErrorsOf(error));
      if (Object.keys(serverErrors).length > 0) showErrors(serverErrors);
    }
  }

  if (phase === 'sent') {
    return (
      <div className="result-panel" role="status">
        <span className="result-panel__icon result-panel__icon--success">
          <CheckIcon size={32} />
        </span>
        <p className="result-panel__lead">{MESSAGES.callback.success}</p>
        <p>
          We will call you on <strong>{values.phone}</strong>.
        </p>
      </div>
    );
  }

  const isSending = phase === 'sending';
  return (
    <form className="form" noValidate onSubmit={handleSubmit} aria-labelledby={titleId}>
      {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
      <div className="form__grid">
        <FormField label="Full name" autoComplete="name" aria-required="true" {...bind('fullName')} />
        <FormField label="Garage name" autoComplete="organization" aria-required="true" {...bind('garageName')} />
        <div className="form__wide">
          <PhoneField aria-required="true" {...bind('phone')} onPhoneChange={(digits) => update('phone', digits)} />
        </div>
        <div className="form__wide">
          <RadioGroupField<TBestTime>
            legend="Best time to call"
            name="bestTime"
            options={BEST_TIME_OPTIONS}
            value={values.bestTime}
            error={errors.bestTime}
            isRequired
            firstOptionRef={remember('bestTime')}
            onChange={(value) => update('bestTime', value)}
          />
        </div>
        <div className="form__wide">
          <TextAreaField
            label="Message (optional)"
            hint="Anything we should know before we call"
            rows={3}
            {...bind('message')}
          />
        </div>
      </div>
      <button type="submit" className="button button--primary button--large form__submit" disabled={isSending} aria-busy={isSending}>
        Add My Garage
      </button>
    </form>
  );
}
