import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@sh/shared/contract';
import { EmailField } from '../../components/EmailField';
import { FormField } from '../../components/FormField';
import { CheckIcon } from '../../components/icons';
import { NewPasswordFields } from '../../components/PasswordField';
import { PhoneField } from '../../components/PhoneField';
import type { TRemoteCheck } from './use-remote-check';
import type { TSignup } from './use-signup';

const PASSWORD_HINTS = ['At least 6 characters, with one capital letter', 'Type the same password again'] as const;

/** The garage: its name, phone, Companies House number (with Validate company) and address. */
export function GarageSection({ signup }: { signup: TSignup }) {
  const { form, company } = signup;
  return (
    <fieldset className="form__section">
      <legend>Your garage</legend>
      <div className="form__grid">
        <FormField
          label="Garage name"
          hint="As registered at Companies House"
          autoComplete="organization"
          aria-required="true"
          {...form.bindField('name')}
        />
        <PhoneField
          aria-required="true"
          {...form.bindField('phone')}
          onPhoneChange={(digits) => signup.update('phone', digits)}
        />
        <div className="form__wide">
          <FormField
            label="Companies House number"
            hint="8 characters, such as 01234567 or SC123456"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            aria-required="true"
            {...form.bindField('companies_house_number')}
            onChange={(event) => signup.update('companies_house_number', event.target.value.toUpperCase())}
            action={
              <CheckButton
                isDisabled={!signup.canValidateCompany}
                isChecking={company.state === 'checking'}
                onClick={signup.validateTheCompany}
              >
                Validate company
              </CheckButton>
            }
            status={
              <CheckStatus check={company} checking="Checking with Companies House…">
                {(verified) => `Verified: ${verified.name}`}
              </CheckStatus>
            }
          />
        </div>
        <div className="form__wide">
          <FormField
            label="Address"
            autoComplete="street-address"
            aria-required="true"
            {...form.bindField('address')}
          />
        </div>
      </div>
    </fieldset>
  );
}

/**
 * The person signing up: full name, e-mail and the password, twice. When the signup was refused because the e-mail
 * already has an account, the way back in stands under it: sign in, or reset the password.
 */
export function DetailsSection({ signup }: { signup: TSignup }) {
  const { form } = signup;
  const isEmailTaken = form.errors.email === MESSAGES.signup.duplicateEmail;
  return (
    <fieldset className="form__section">
      <legend>Your details</legend>
      <div className="form__grid">
        <FormField label="Full name" autoComplete="name" aria-required="true" {...form.bindField('full_name')} />
        <EmailField
          aria-required="true"
          {...form.bindField('email')}
          status={
            isEmailTaken ? (
              <p className="field-hint">
                <Link to="/login">Sign in</Link> or <Link to="/forgot-password">reset your password</Link>.
              </p>
            ) : undefined
          }
        />
        <NewPasswordFields
          label="Password"
          hints={PASSWORD_HINTS}
          isRequired
          password={form.bindField('password')}
          confirmation={form.bindField('confirm_password')}
        />
      </div>
    </fieldset>
  );
}

/** An optional referral code from another garage, with Validate referral. */
export function ReferralSection({ signup }: { signup: TSignup }) {
  const { form, referral } = signup;
  const isChecking = referral.state === 'checking';
  return (
    <fieldset className="form__section">
      <legend>Referred by another garage?</legend>
      <div className="form__grid">
        <div className="form__wide">
          <FormField
            label="Referral code (optional)"
            hint="Looks like GAR-AB12CD34"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            {...form.bindField('referral_code')}
            onChange={(event) => signup.update('referral_code', event.target.value.toUpperCase())}
            action={
              <CheckButton isDisabled={isChecking} isChecking={isChecking} onClick={signup.validateTheReferral}>
                Validate referral
              </CheckButton>
            }
            status={
              <CheckStatus check={referral} checking="Checking the code…">
                {(valid) => `Referred by ${valid.referrerName}`}
              </CheckStatus>
            }
          />
        </div>
      </div>
    </fieldset>
  );
}

function CheckButton({
  isDisabled,
  isChecking,
  onClick,
  children,
}: {
  isDisabled: boolean;
  isChecking: boolean;
  onClick: () => Promise<void>;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="button button--ghost form-field__action"
      disabled={isDisabled}
      aria-busy={isChecking}
      onClick={() => void onClick()}
    >
      {children}
    </button>
  );
}

/** Under a checked field: the check running, its success, or why it failed (announced at once). */
function CheckStatus<T>({
  check,
  checking,
  children,
}: {
  check: TRemoteCheck<T>;
  checking: string;
  children: (value: T) => string;
}) {
  if (check.state === 'checking') return <p className="field-status">{checking}</p>;
  if (check.state === 'passed') {
    return (
      <p className="field-status field-status--success" role="status">
        <CheckIcon size={18} />
        {children(check.value)}
      </p>
    );
  }
  if (check.state === 'failed') {
    return (
      <p className="field-error" role="alert">
        {check.message}
      </p>
    );
  }
  return null;
}
