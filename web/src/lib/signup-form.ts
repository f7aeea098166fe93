import { MESSAGES, PHONE_DIGITS, ZCreateGarageRequestSchema, type TCreateGarageRequest } from '@sh/shared/contract';

/** The signup form's fields, as the page holds them (confirmPassword is never sent). */
export type TSignupValues = {
  name: string;
  email: string;
  phone: string;
  companyNumber: string;
  fullName: string;
  address: string;
  password: string;
  confirmPassword: string;
  referralCode: string;
};

export type TSignupField = keyof TSignupValues;
export type TSignupErrors = Partial<Record<TSignupField, string>>;

/** The order fields appear in, so the first error can take the focus. */
export const SIGNUP_FIELD_ORDER: readonly TSignupField[] = [
  'name',
  'phone',
  'companyNumber',
  'address',
  'fullName',
  'email',
  'password',
  'confirmPassword',
  'referralCode',
];

/** The API's field paths (SPEC.md section 3's payload) and the form's fields. */
const FIELD_OF_PATH: Record<string, TSignupField> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  companies_house_number: 'companyNumber',
  full_name: 'fullName',
  address: 'address',
  password: 'password',
  referral_code: 'referralCode',
};

/** Maps errors keyed by API path (the server's, or the shared schema's) onto the form's fields. */
export function toSignupErrors(byPath: Record<string, string>): TSignupErrors {
  const errors: TSignupErrors = {};
  for (const [path, message] of Object.entries(byPath)) {
    const field = FIELD_OF_PATH[path];
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

/** A phone number as typed: digits only, at most 11 (SPEC.md section 5). */
export function toPhoneInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, PHONE_DIGITS);
}

/** The request for POST garages (e-mail lower-cased; the referral code only when it was validated). */
export function buildCreateGarageRequest(
  values: TSignupValues,
  options: { isReferralValid: boolean; companyVerificationToken: string | null },
): TCreateGarageRequest {
  return {
    name: values.name,
    email: values.email.trim().toLowerCase(),
    phone: values.phone,
    address: values.address,
    companies_house_number: values.companyNumber,
    full_name: values.fullName,
    password: values.password,
    referral_code: options.isReferralValid ? values.referralCode.trim() : null,
    ...(options.companyVerificationToken ? { company_verification_token: options.companyVerificationToken } : {}),
  };
}

/**
 * Checks the form by SPEC.md section 5, with the same shared schema the server uses plus the rules only the
 * page knows: the confirmation, the validated company and the validated referral code.
 */
export function validateSignupForm(
  values: TSignupValues,
  flags: { isCompanyValidated: boolean; isReferralValid: boolean },
): TSignupErrors {
  const parsed = ZCreateGarageRequestSchema.safeParse(
    buildCreateGarageRequest(values, { isReferralValid: false, companyVerificationToken: null }),
  );
  const byPath: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = String(issue.path[0] ?? '');
      byPath[path] ??= issue.message;
    }
  }
  const errors = toSignupErrors(byPath);
  if (!errors.companyNumber && !flags.isCompanyValidated) errors.companyNumber = MESSAGES.signup.companyNotValidated;
  if (values.confirmPassword !== values.password) errors.confirmPassword = MESSAGES.signup.passwordsDoNotMatch;
  if (values.referralCode.trim() && !flags.isReferralValid) errors.referralCode = MESSAGES.signup.referralNotValidated;
  return errors;
}
