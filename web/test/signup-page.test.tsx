import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, SIGNUP_REDIRECT_MS } from '@sh/shared/contract';
import {
  buildSubscription,
  currentLocation,
  failure,
  GARAGE_USER,
  mockApi,
  ok,
  PLAN_PRODUCT,
  renderApp,
  sessionAnswer,
} from './support';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The error shown under a field: the element its aria-describedby names with the field-error class. */
function errorUnder(label: string): string | null {
  const input = screen.getByLabelText(label, { exact: true });
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const error = ids
    .map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('field-error'));
  return error?.textContent ?? null;
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

function fillValidForm() {
  type('Garage name', 'Hartley Motors');
  type('Email', '  Owner@HartleyMotors.co.uk ');
  type('Phone number', '01632960123');
  type('Companies House number', '01234567');
  type('Full name', 'Jo Hartley');
  type('Address', '4 Mill Lane, Leeds LS1 4AB');
  type('Password', 'Sparkplug1');
  type('Confirm password', 'Sparkplug1');
}

const VERIFIED_COMPANY = ok({
  name: 'HARTLEY MOTORS LTD',
  companyNumber: '01234567',
  verificationToken: 'signed-proof',
});

describe('SignupPage validation', () => {
  it('shows each required-field message under its field, and asks to validate the company', () => {
    mockApi({});
    renderApp('/signup');
    submit();

    expect(errorUnder('Garage name')).toBe(MESSAGES.signup.garageNameRequired);
    expect(errorUnder('Email')).toBe(MESSAGES.signup.emailRequired);
    expect(errorUnder('Phone number')).toBe(MESSAGES.signup.phoneRequired);
    expect(errorUnder('Companies House number')).toBe(MESSAGES.signup.companyNumberRequired);
    expect(errorUnder('Full name')).toBe(MESSAGES.garages.fullNameRequired);
    expect(errorUnder('Address')).toBe(MESSAGES.garages.addressRequired);
    expect(errorUnder('Password')).toBe(MESSAGES.signup.passwordRequired);
    expect(errorUnder('Confirm password')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.signup.validateCompanyFirst);
    expect(document.activeElement).toBe(screen.getByLabelText('Garage name'));
  });

  it('shows the format messages: e-mail, UK phone, short password, mismatch, unvalidated company and referral', () => {
    mockApi({});
    renderApp('/signup');
    type('Garage name', 'Hartley Motors');
    type('Email', 'not-an-email');
    type('Phone number', '0163');
    type('Companies House number', '01234567');
    type('Password', 'abc');
    type('Confirm password', 'abd');
    type('Referral code (optional)', 'GAR-AB12CD34');
    submit();

    expect(errorUnder('Email')).toBe(MESSAGES.signup.emailInvalid);
    expect(errorUnder('Phone number')).toBe(MESSAGES.signup.phoneInvalid);
    expect(errorUnder('Companies House number')).toBe(MESSAGES.signup.companyNotValidated);
    expect(errorUnder('Password')).toBe(MESSAGES.signup.passwordTooShort);
    expect(errorUnder('Confirm password')).toBe(MESSAGES.signup.passwordsDoNotMatch);
    expect(errorUnder('Referral code (optional)')).toBe(MESSAGES.signup.referralNotValidated);

    type('Password', 'abcdef');
    type('Confirm password', 'abcdef');
    submit();
    expect(errorUnder('Password')).toBe(MESSAGES.signup.passwordNeedsUppercase);
    expect(errorUnder('Confirm password')).toBeNull();
  });

  it('keeps only digits in the phone number, at most 11, and rejects one not starting with 0', () => {
    mockApi({});
    renderApp('/signup');
    const phone = screen.getByLabelText('Phone number') as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '07a1-23 456 78901' } });
    expect(phone.value).toBe('07123456789');
    fireEvent.change(phone, { target: { value: '71234567890' } });
    submit();
    expect(errorUnder('Phone number')).toBe(MESSAGES.signup.phoneInvalid);
  });

  it('enables Validate company only with a number and a garage name, and undoes the validation when the number is edited', async () => {
    const api = mockApi({ 'POST companies/validate': VERIFIED_COMPANY });
    renderApp('/signup');
    const validate = screen.getByRole('button', { name: 'Validate company' }) as HTMLButtonElement;
    expect(validate.disabled).toBe(true);
    type('Companies House number', '01234567');
    expect(validate.disabled).toBe(true);
    type('Garage name', 'Hartley Motors');
    expect(validate.disabled).toBe(false);

    fireEvent.click(validate);
    expect((await screen.findByText(/Verified:/)).textContent).toBe('Verified: HARTLEY MOTORS LTD');
    expect(api.callsTo('POST companies/validate')[0]?.body).toEqual({
      companyNumber: '01234567',
      companyName: 'Hartley Motors',
    });
    submit();
    expect(errorUnder('Companies House number')).toBeNull();
    expect(screen.queryByText(MESSAGES.signup.validateCompanyFirst)).toBeNull();

    type('Companies House number', '01234568');
    expect(screen.queryByText(/Verified:/)).toBeNull();
    submit();
    expect(errorUnder('Companies House number')).toBe(MESSAGES.signup.companyNotValidated);
    expect(screen.getByText(MESSAGES.signup.validateCompanyFirst)).toBeTruthy();
  });

  it("shows Companies House's refusal from the server", async () => {
    mockApi({
      'POST companies/validate': failure(400, 'validation_failed', MESSAGES.garages.companyNotFound, [
        { path: 'companyNumber', message: MESSAGES.garages.companyNotFound },
      ]),
    });
    renderApp('/signup');
    type('Garage name', 'Hartley Motors');
    type('Companies House number', '09999999');
    fireEvent.click(screen.getByRole('button', { name: 'Validate company' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.garages.companyNotFound);
  });

  it('validates a referral code, asks for one when empty, and undoes the validation when the code is edited', async () => {
    const api = mockApi({
      'POST garages/validate-referral': (call) =>
        (call.body as { referralCode: string }).referralCode === 'GAR-AB12CD34'
          ? ok({ valid: true, referrerName: 'Riverside Motors' })
          : ok({ valid: false, referrerName: null }, MESSAGES.signup.referralInvalid),
    });
    renderApp('/signup');
    const validate = screen.getByRole('button', { name: 'Validate referral' });

    fireEvent.click(validate);
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.signup.referralRequired);
    expect(api.calls).toHaveLength(0);

    type('Referral code (optional)', 'gar-ab12cd34');
    expect((screen.getByLabelText('Referral code (optional)') as HTMLInputElement).value).toBe('GAR-AB12CD34');
    fireEvent.click(validate);
    expect(await screen.findByText('Referred by Riverside Motors')).toBeTruthy();
    submit();
    expect(errorUnder('Referral code (optional)')).toBeNull();

    type('Referral code (optional)', 'GAR-AB12CD35');
    expect(screen.queryByText('Referred by Riverside Motors')).toBeNull();
    submit();
    expect(errorUnder('Referral code (optional)')).toBe(MESSAGES.signup.referralNotValidated);

    fireEvent.click(validate);
    expect(await screen.findByText(MESSAGES.signup.referralInvalid)).toBeTruthy();
  });

  it("says 'Failed to validate referral code' when the check cannot be made", async () => {
    mockApi({ 'POST garages/validate-referral': new TypeError('Failed to fetch') });
    renderApp('/signup');
    type('Referral code (optional)', 'GAR-AB12CD34');
    fireEvent.click(screen.getByRole('button', { name: 'Validate referral' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.signup.referralValidateFailed);
  });
});

describe('SignupPage submission', () => {
  it('stops on a taken company with its message under its number, without creating anything, and asks nothing about the e-mail', async () => {
    const api = mockApi({
      'POST companies/validate': VERIFIED_COMPANY,
      'POST garages/check-duplicates': ok({ hasCompanyDuplicate: true, message: MESSAGES.signup.duplicateCompany }),
    });
    renderApp('/signup');
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Validate company' }));
    await screen.findByText(/Verified:/);
    submit();
    await screen.findByText(MESSAGES.signup.duplicateCompany);
    expect(errorUnder('Companies House number')).toBe(MESSAGES.signup.duplicateCompany);
    expect(api.callsTo('POST garages/check-duplicates')[0]?.body).toEqual({ companies_house_number: '01234567' });
    expect(api.callsTo('POST garages')).toHaveLength(0);
  });

  it("shows a taken e-mail (the signup's 409) under Email, with links to sign in or reset the password", async () => {
    const api = mockApi({
      'POST companies/validate': VERIFIED_COMPANY,
      'POST garages/check-duplicates': ok({ hasCompanyDuplicate: false, message: 'No duplicates found' }),
      'POST garages': failure(409, 'duplicate_email', MESSAGES.signup.duplicateEmail, [
        { path: 'email', message: MESSAGES.signup.duplicateEmail },
      ]),
    });
    renderApp('/signup');
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Validate company' }));
    await screen.findByText(/Verified:/);
    submit();
    expect((await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'reset your password' }).getAttribute('href')).toBe('/forgot-password');
    expect(errorUnder('Email')).toBe(MESSAGES.signup.duplicateEmail);
    expect(api.callsTo('POST garages')).toHaveLength(1);
    expect(api.callsTo('POST auth/login')).toHaveLength(0);
    expect(currentLocation()).toBe('/signup');
  });

  it("shows the server's field errors by their fields", async () => {
    mockApi({
      'POST companies/validate': VERIFIED_COMPANY,
      'POST garages/check-duplicates': ok({ hasCompanyDuplicate: false, message: 'No duplicates found' }),
      'POST garages': failure(400, 'validation_failed', MESSAGES.signup.companyNotValidated, [
        { path: 'name', message: 'The company name does not match the Companies House record (HARTLEY MOTORS LTD)' },
      ]),
    });
    renderApp('/signup');
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Validate company' }));
    await screen.findByText(/Verified:/);
    submit();
    await screen.findByText(MESSAGES.signup.companyNotValidated);
    expect(errorUnder('Garage name')).toBe(
      'The company name does not match the Companies House record (HARTLEY MOTORS LTD)',
    );
  });

  it('goes ahead when the duplicate check fails, shows the success message, then logs in and opens the checkout after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({
      'POST companies/validate': VERIFIED_COMPANY,
      'POST garages/check-duplicates': failure(503, 'service_unavailable', MESSAGES.platform.serviceUnavailable),
      'POST garages': {
        status: 201,
        body: {
          status: 201,
          data: { garage: { id: GARAGE_USER.id, name: 'Hartley Motors', referral_code: 'GAR-ZX98YW76' } },
        },
      },
      'POST auth/login': ok(sessionAnswer(GARAGE_USER, 'garage')),
      'GET billing/plans': ok({ products: [PLAN_PRODUCT] }),
      'GET billing/subscription': ok(buildSubscription()),
      // The checkout page asks whether the new garage's e-mail is confirmed yet.
      'GET auth/me': ok({ ...GARAGE_USER, userType: 'garage', emailConfirmed: false }),
    });
    renderApp('/signup');
    fillValidForm();
    fireEvent.click(screen.getByRole('button', { name: 'Validate company' }));
    await screen.findByText(/Verified:/);
    submit();

    expect((await screen.findByText(MESSAGES.signup.success)).closest('[role="status"]')).not.toBeNull();
    expect(api.callsTo('POST garages')[0]?.body).toEqual({
      name: 'Hartley Motors',
      email: 'owner@hartleymotors.co.uk',
      phone: '01632960123',
      address: '4 Mill Lane, Leeds LS1 4AB',
      companies_house_number: '01234567',
      full_name: 'Jo Hartley',
      password: 'Sparkplug1',
      referral_code: null,
      company_verification_token: 'signed-proof',
    });
    expect(currentLocation()).toBe('/signup');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(SIGNUP_REDIRECT_MS);
    });
    expect(api.callsTo('POST auth/login')[0]?.body).toEqual({
      email: 'owner@hartleymotors.co.uk',
      password: 'Sparkplug1',
    });
    expect(currentLocation()).toBe('/checkout?price_id=price_professional_monthly');
    expect(within(screen.getByRole('banner')).getByText(GARAGE_USER.email)).toBeTruthy();
    // The new garage has not confirmed its e-mail yet: the checkout says so before any click.
    expect(await screen.findByRole('heading', { name: 'Please confirm your email address' })).toBeTruthy();
  });
});
