import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  MESSAGES,
  SIGNUP_REDIRECT_MS,
  ZCompanyValidateRequestSchema,
  ZValidateReferralRequestSchema,
  type TCreateGarageRequest,
} from '@sh/shared/contract';
import { fetchPlans } from '../../api/billing';
import { checkDuplicates, createGarage, validateCompany, validateReferral } from '../../api/garages';
import { useAuth } from '../../auth/AuthProvider';
import { buildCheckoutPath } from '../../lib/checkout';
import { isServerError } from '../../lib/error-message';
import { ZSignupFormSchema } from '../../lib/form-schemas';
import { FormRejection, useSchemaForm } from '../../lib/use-schema-form';
import { useRemoteCheck } from './use-remote-check';

/** Shown when a valid code's garage has no name to show (docs/product.md#signup). */
const DEFAULT_REFERRER_NAME = 'Existing Garage';

/**
 * The signup form's fields in the order they appear, named as the API names them so that the server's field
 * errors land under them (confirm_password is never sent).
 */
const EMPTY_VALUES = {
  name: '',
  phone: '',
  companies_house_number: '',
  address: '',
  full_name: '',
  email: '',
  password: '',
  confirm_password: '',
  referral_code: '',
};
type TSignupField = keyof typeof EMPTY_VALUES;

/**
 * The signup form (docs/product.md#signup): the shared POST garages schema plus the page's own rules
 * (lib/form-schemas.ts). The company must be validated with Companies House before submitting; a typed
 * referral code must be validated too, and editing either undoes its validation. After a check that the company
 * has no garage yet (skipped if the check itself fails) the garage is created, the user is signed in, and after
 * two seconds the browser goes to the plan's checkout. A taken e-mail is the signup's own 409, shown under Email
 * with a way to sign in or reset the password (DetailsSection): the public check no longer says who has an account.
 */
export function useSignup() {
  const auth = useAuth();
  const navigate = useNavigate();
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const company = useRemoteCheck({
    schema: ZCompanyValidateRequestSchema,
    send: validateCompany,
    failureMessage: MESSAGES.signup.companyValidateFailed,
  });
  const referral = useRemoteCheck({
    schema: ZValidateReferralRequestSchema,
    send: async ({ referralCode }) => {
      const answer = await validateReferral(referralCode);
      if (!answer.valid) throw new FormRejection({}, MESSAGES.signup.referralInvalid);
      return { referrerName: answer.referrerName ?? DEFAULT_REFERRER_NAME };
    },
    failureMessage: MESSAGES.signup.referralValidateFailed,
  });

  const form = useSchemaForm({
    initialValues: EMPTY_VALUES,
    schema: ZSignupFormSchema,
    toInput: (values) => ({
      ...values,
      company_verification_token: company.check.state === 'passed' ? company.check.value.verificationToken : undefined,
      is_referral_validated: referral.check.state === 'passed',
    }),
    failureMessage: MESSAGES.signup.accountCreateFailed,
    onSubmit: async (request) => {
      await stopOnDuplicates(request);
      try {
        await createGarage(request);
      } catch (error) {
        if (isServerError(error) && error.message === MESSAGES.signup.companyNotValidated) company.reset();
        throw error;
      }
      void continueToCheckout(request.email, request.password);
    },
  });

  /** Edits a field; the validation of a company number or a referral code belongs to what was validated. */
  function update(field: TSignupField, value: string) {
    form.setValue(field, value);
    if (field === 'companies_house_number') company.reset();
    if (field === 'referral_code') referral.reset();
  }

  async function validateTheCompany() {
    const verified = await company.run({
      companyNumber: form.values.companies_house_number,
      companyName: form.values.name,
    });
    if (!verified) return;
    form.clearErrors('companies_house_number');
    form.setFormError((current) => (current === MESSAGES.signup.validateCompanyFirst ? null : current));
  }

  async function validateTheReferral() {
    if (await referral.run({ referralCode: form.values.referral_code })) form.clearErrors('referral_code');
  }

  async function continueToCheckout(email: string, password: string) {
    const [login, products] = await Promise.all([
      auth.login(email, password),
      fetchPlans().catch(() => null),
      new Promise((resolve) => setTimeout(resolve, SIGNUP_REDIRECT_MS)),
    ]);
    if (!isMounted.current) return;
    const priceId = products?.[0]?.priceId;
    if (!login.success) navigate('/login', { replace: true });
    else navigate(priceId ? buildCheckoutPath(priceId) : '/pricing', { replace: true });
  }

  const canValidateCompany =
    form.values.companies_house_number.trim() !== '' &&
    form.values.name.trim() !== '' &&
    company.check.state !== 'checking';

  return {
    form,
    company: company.check,
    referral: referral.check,
    canValidateCompany,
    update,
    validateTheCompany,
    validateTheReferral,
  };
}

/** The signup form and its checks, as the page's sections use them. */
export type TSignup = ReturnType<typeof useSignup>;

/** The company's duplicate check only saves a round trip: a taken company stops the signup, a failed check lets it go ahead. */
async function stopOnDuplicates(request: TCreateGarageRequest) {
  let duplicates;
  try {
    duplicates = await checkDuplicates({ companies_house_number: request.companies_house_number });
  } catch {
    return; // POST garages checks duplicates itself.
  }
  if (duplicates.hasCompanyDuplicate)
    throw new FormRejection({ companies_house_number: MESSAGES.signup.duplicateCompany });
}
