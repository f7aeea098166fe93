import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  MESSAGES,
  PLAN,
  SIGNUP_REDIRECT_MS,
  ZCompanyValidateRequestSchema,
  ZValidateReferralRequestSchema,
} from '@sh/shared/contract';
import { fetchPlans } from '../api/billing';
import { checkDuplicates, createGarage, validateCompany, validateReferral } from '../api/garages';
import { useAuth } from '../auth/AuthProvider';
import { AuthShell } from '../components/AuthShell';
import { FormAlert } from '../components/FormAlert';
import { FormField } from '../components/FormField';
import { PhoneField } from '../components/PhoneField';
import { CheckIcon } from '../components/icons';
import { buildCheckoutPath } from '../lib/checkout';
import { fieldErrorsOf, messageOf, isServerError } from '../lib/error-message';
import {
  buildCreateGarageRequest,
  SIGNUP_FIELD_ORDER,
  toSignupErrors,
  validateSignupForm,
  type TSignupErrors,
  type TSignupField,
  type TSignupValues,
} from '../lib/signup-form';
import { useDocumentTitle } from '../lib/use-document-title';

const EMPTY_VALUES: TSignupValues = {
  name: '',
  email: '',
  phone: '',
  companyNumber: '',
  fullName: '',
  address: '',
  password: '',
  confirmPassword: '',
  referralCode: '',
};

type TCompanyCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'verified'; registeredName: string; verificationToken: string }
  | { state: 'failed'; message: string };

type TReferralCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'valid'; referrerName: string }
  | { state: 'failed'; message: string };

/** Shown when a valid code's garage has no name to show (SPEC.md section 7's default). */
const DEFAULT_REFERRER_NAME = 'Existing Garage';

/**
 * /signup: garage registration (SPEC.md sections 2 and 5). The company must be validated with Companies
 * House before submitting; a typed referral code must be validated too. Editing the company number or the
 * referral code undoes its validation. After a duplicate check (skipped if the check itself fails) the
 * garage is created, the user is signed in, and after two seconds the browser goes to the plan's checkout.
 */
export function SignupPage() {
  useDocumentTitle('Register your garage');
  const auth = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState<TSignupValues>(EMPTY_VALUES);
  const [errors, setErrors] = useState<TSignupErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [company, setCompany] = useState<TCompanyCheck>({ state: 'idle' });
  const [referral, setReferral] = useState<TReferralCheck>({ state: 'idle' });
  const [phase, setPhase] = useState<'editing' | 'submitting' | 'created'>('editing');
  const fieldRefs = useRef<Partial<Record<TSignupField, HTMLInputElement | null>>>({});
  const isMounted = useRef(true);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const isCompanyValidated = company.state === 'verified';
  const isReferralValid = referral.state === 'valid';
  const canValidateCompany = values.companyNumber.trim() !== '' && values.name.trim() !== '' && company.state !== 'checking';

  function update(field: TSignupField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    // The flags belong to what was validated: editing the number or the code undoes them (SPEC.md section 4).
    if (field === 'companyNumber') setCompany({ state: 'idle' });
    if (field === 'referralCode') setReferral({ state: 'idle' });
  }

  function bind(field: TSignupField) {
    return {
      name: field,
      value: values[field],
      error: errors[field],
      ref: (element: HTMLInputElement | null) => {
        fieldRefs.current[field] = element;
      },
      onChange: (event: { target: { value: string } }) => update(field, event.target.value),
    };
  }

  async function handleValidateCompany() {
    const parsed = ZCompanyValidateRequestSchema.safeParse({ companyNumber: values.companyNumber, companyName: values.name });
    if (!parsed.success) {
      setCompany({ state: 'failed', message: parsed.error.issues[0]?.message ?? MESSAGES.signup.validateNeedsNumber });
      return;
    }
    setCompany({ state: 'checking' });
    try {
      const verified = await validateCompany(parsed.data);
      setCompany({ state: 'verified', registeredName: verified.name, verificationToken: verified.verificationToken });
      setErrors((current) => ({ ...current, companyNumber: undefined }));
      setFormError((current) => (current === MESSAGES.signup.validateCompanyFirst ? null : current));
    } catch (error) {
      setCompany({ state: 'failed', message: messageOf(error, MESSAGES.signup.companyValidateFailed) });
    }
  }

  async function handleValidateReferral() {
    const parsed = ZValidateReferralRequestSchema.safeParse({ referralCode: values.referralCode });
    if (!parsed.success) {
      setReferral({ state: 'failed', message: parsed.error.issues[0]?.message ?? MESSAGES.signup.referralRequired });
      return;
    }
    setReferral({ state: 'checking' });
    try {
      const answer = await validateReferral(parsed.data.referralCode);
      if (answer.valid) {
        setReferral({ state: 'valid', referrerName: answer.referrerName ?? DEFAULT_REFERRER_NAME });
        setErrors((current) => ({ ...current, referralCode: undefined }));
      } else {
        setReferral({ state: 'failed', message: MESSAGES.signup.referralInvalid });
      }
    } catch (error) {
      setReferral({ state: 'failed', message: messageOf(error, MESSAGES.signup.referralValidateFailed) });
    }
  }

  function showErrors(next: TSignupErrors) {
    setErrors(next);
    const first = SIGNUP_FIELD_ORDER.find((field) => next[field]);
    if (first) fieldRefs.current[first]?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase !== 'editing') return;
    setFormError(null);
    const found = validateSignupForm(values, { isCompanyValidated, isReferralValid });
    if (Object.values(found).some(Boolean)) {
      if (!isCompanyValidated) setFormError(MESSAGES.signup.validateCompanyFirst);
      showErrors(found);
      return;
    }

    setPhase('submitting');
    const request = buildCreateGarageRequest(values, {
      isReferralValid,
      companyVerificationToken: company.state === 'verified' ? company.verificationToken : null,
    });

    // The duplicate check only saves a round trip; if it fails for any reason, the signup goes ahead.
    try {
      const duplicates = await checkDuplicates({ email: request.email, companies_house_number: request.companies_house_number });
      if (duplicates.hasEmailDuplicate || duplicates.hasCompanyDuplicate) {
        setPhase('editing');
        showErrors({
          ...(duplicates.hasEmailDuplicate ? { email: MESSAGES.signup.duplicateEmail } : {}),
          ...(duplicates.hasCompanyDuplicate ? { companyNumber: MESSAGES.signup.duplicateCompany } : {}),
        });
        return;
      }
    } catch {
      // Proceed: POST garages checks duplicates itself.
    }

    try {
      await createGarage(request);
    } catch (error) {
      setPhase('editing');
      const serverErrors = toSignupErrors(fieldErrorsOf(error));
      const message = messageOf(error, MESSAGES.signup.accountCreateFailed);
      // The message once: above the form unless it already stands under its field.
      if (!Object.values(serverErrors).includes(message)) setFormError(message);
      if (isServerError(error) && error.message === MESSAGES.signup.companyNotValidated) setCompany({ state: 'idle' });
      if (Object.keys(serverErrors).length > 0) showErrors(serverErrors);
      return;
    }

    setPhase('created');
    const [login, products] = await Promise.all([
      auth.login(request.email, values.password),
      fetchPlans().catch(() => null),
      new Promise((resolve) => setTimeout(resolve, SIGNUP_REDIRECT_MS)),
    ]);
    if (!isMounted.current) return;
    const priceId = products?.[0]?.priceId;
    if (!login.success) navigate('/login', { replace: true });
    else navigate(priceId ? buildCheckoutPath(priceId) : '/pricing', { replace: true });
  }

  const isBusy = phase !== 'editing';

  return (
    <AuthShell
      isWide
      eyebrow="For garages"
      title="Register your garage"
      lead={`Create your account, then start your ${PLAN.trialDays}-day free trial. We check your company with Companies House.`}
    >
      {phase === 'created' ? (
        <FormAlert tone="success">{MESSAGES.signup.success}</FormAlert>
      ) : (
        <form className="form" noValidate onSubmit={handleSubmit} aria-label="Register your garage">
          {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
          <p className="form__note">All fields are required unless marked optional.</p>

          <fieldset className="form__section">
            <legend>Your garage</legend>
            <div className="form__grid">
              <FormField
                label="Garage name"
                hint="As registered at Companies House"
                autoComplete="organization"
                aria-required="true"
                {...bind('name')}
              />
              <PhoneField aria-required="true" {...bind('phone')} onPhoneChange={(digits) => update('phone', digits)} />
              <div className="form__wide">
                <FormField
                  label="Companies House number"
                  hint="8 characters, such as 01234567 or SC123456"
                  autoComplete="off"
                  spellCheck={false}
                  autoCapitalize="characters"
                  aria-required="true"
                  {...bind('companyNumber')}
                  onChange={(event) => update('companyNumber', event.target.value.toUpperCase())}
                  action={
                    <button
                      type="button"
                      className="button button--ghost form-field__action"
                      disabled={!canValidateCompany}
                      aria-busy={company.state === 'checking'}
                      onClick={() => void handleValidateCompany()}
                    >
                      Validate company
                    </button>
                  }
                  status={<CompanyStatus check={company} />}
                />
              </div>
              <div className="form__wide">
                <FormField label="Address" autoComplete="street-address" aria-required="true" {...bind('address')} />
              </div>
            </div>
          </fieldset>

          <fieldset className="form__section">
            <legend>Your details</legend>
            <div className="form__grid">
              <FormField label="Full name" autoComplete="name" aria-required="true" {...bind('fullName')} />
              <FormField
                label="Email"
                type="email"
                inputMode="email"
                autoComplete="email"
                spellCheck={false}
                aria-required="true"
                {...bind('email')}
              />
              <FormField
                label="Password"
                type="password"
                autoComplete="new-password"
                hint="At least 6 characters, with one capital letter"
                aria-required="true"
                {...bind('password')}
              />
              <FormField
                label="Confirm password"
                type="password"
                autoComplete="new-password"
                hint="Type the same password again"
                aria-required="true"
                {...bind('confirmPassword')}
              />
            </div>
          </fieldset>

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
                  {...bind('referralCode')}
                  onChange={(event) => update('referralCode', event.target.value.toUpperCase())}
                  action={
                    <button
                      type="button"
                      className="button button--ghost form-field__action"
                      disabled={referral.state === 'checking'}
                      aria-busy={referral.state === 'checking'}
                      onClick={() => void handleValidateReferral()}
                    >
                      Validate referral
                    </button>
                  }
                  status={<ReferralStatus check={referral} />}
                />
              </div>
            </div>
          </fieldset>

          <button
            type="submit"
            className="button button--primary button--large form__submit"
            disabled={isBusy}
            aria-busy={phase === 'submitting'}
          >
            Create account
          </button>
        </form>
      )}
      <p className="auth-card__footer">
        Already registered? <Link to="/login">Log in</Link>
      </p>
    </AuthShell>
  );
}

function CompanyStatus({ check }: { check: TCompanyCheck }) {
  if (check.state === 'checking') return <p className="field-status">Checking with Companies House…</p>;
  if (check.state === 'verified') {
    return (
      <p className="field-status field-status--success" role="status">
        <CheckIcon size={18} />
        Verified: {check.registeredName}
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

function ReferralStatus({ check }: { check: TReferralCheck }) {
  if (check.state === 'checking') return <p className="field-status">Checking the code…</p>;
  if (check.state === 'valid') {
    return (
      <p className="field-status field-status--success" role="status">
        <CheckIcon size={18} />
        Referred by {check.referrerName}
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
