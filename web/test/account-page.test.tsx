import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type TGarageProfile } from '@sh/shared/contract';
import { sendBrowserTo } from '../src/lib/browser-location';
import { getAccessToken } from '../src/auth/access-token';
import { SAME_EMAIL_MESSAGE } from '../src/pages/account/EmailSection';
import {
  ADMIN_USER,
  buildApiSession,
  buildSubscription,
  currentLocation,
  failure,
  GARAGE_USER,
  mockApi,
  pending,
  ok,
  PLAN_PRODUCT,
  renderApp,
  renderAppSignedIn,
  storeSession,
} from './support';

vi.mock('../src/lib/browser-location', () => ({
  sendBrowserTo: vi.fn(),
  siteOrigin: () => 'https://wrenchmark.example',
}));

const PROFILE: TGarageProfile = {
  id: GARAGE_USER.id,
  name: 'Hartley Motors',
  address: '4 Mill Lane, Leeds LS1 4AB',
  email: GARAGE_USER.email,
  phone: '01632960123',
  referral_code: 'GAR-ZX98YW76',
  subscription_status: 'trialing',
  created_at: '2025-07-03T09:00:00.000Z',
  slug: 'hartley-motors',
  opening_hours: '',
  services_offered: '',
  logo_url: null,
};

beforeEach(() => {
  vi.mocked(sendBrowserTo).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function changePassword(current: string, next: string, confirm: string) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
}

describe('AccountPage', () => {
  it('shows the e-mail read-only and checks the password change with the three settings messages', async () => {
    const api = mockApi({});
    storeSession(ADMIN_USER, 'admin');
    await renderAppSignedIn('/account');
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe(ADMIN_USER.email);
    expect(email.readOnly).toBe(true);
    expect(screen.queryByLabelText('Phone number')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Billing' })).toBeNull();

    changePassword('', 'newpass', 'newpass');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.settings.fillPasswordFields);
    changePassword('oldpass', 'newpass', 'newpasx');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.settings.newPasswordsMismatch);
    changePassword('oldpass', 'short', 'short');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.settings.newPasswordTooShort);
    expect(api.calls).toHaveLength(0);
  });

  it('changes the password and keeps the page signed in with the fresh session answered', async () => {
    const api = mockApi({
      'PATCH users/password/1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d': ok(
        { id: ADMIN_USER.id, session: buildApiSession(ADMIN_USER, { access_token: 'access-9' }) },
        MESSAGES.identity.passwordUpdated,
      ),
    });
    storeSession(ADMIN_USER, 'admin');
    await renderAppSignedIn('/account');
    changePassword('oldpass', 'newpass', 'newpass');
    expect((await screen.findByRole('status')).textContent).toBe(MESSAGES.identity.passwordUpdated);
    expect(api.calls[0]?.body).toEqual({ currentPassword: 'oldpass', password: 'newpass' });
    expect(getAccessToken()).toBe('access-9');
    expect(currentLocation()).toBe('/account');
  });

  it('shows a wrong current password (401) under its field after one call, without refreshing the session', async () => {
    const route = 'PATCH users/password/1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    const api = mockApi({
      [route]: failure(401, 'password_mismatch', MESSAGES.identity.currentPasswordIncorrect, [
        { path: 'currentPassword', message: MESSAGES.identity.currentPasswordIncorrect },
      ]),
    });
    storeSession(ADMIN_USER, 'admin');
    await renderAppSignedIn('/account');
    const accessTokenBefore = getAccessToken();
    changePassword('wrong', 'newpass', 'newpass');
    expect(await screen.findByText(MESSAGES.identity.currentPasswordIncorrect)).toBeTruthy();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    // The 401 answers the password: no auth/refresh, no second try that would spend another attempt.
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([route]);
    expect(accessTokenBefore).not.toBeNull();
    expect(getAccessToken()).toBe(accessTokenBefore);
    expect(currentLocation()).toBe('/account');
  });

  it('says so when too many wrong current passwords were tried (429), and keeps the page', async () => {
    const api = mockApi({
      'PATCH users/password/1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d': failure(
        429,
        'rate_limited',
        MESSAGES.records.passwordAttemptsExceeded,
      ),
    });
    storeSession(ADMIN_USER, 'admin');
    await renderAppSignedIn('/account');
    changePassword('oldpass', 'newpass', 'newpass');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.records.passwordAttemptsExceeded);
    expect(api.calls).toHaveLength(1);
    expect(currentLocation()).toBe('/account');
  });

  it('lets a garage update its phone (UK, 11 digits starting with 0) and shows its billing', async () => {
    const api = mockApi({
      'GET garages/me': ok({ garage: PROFILE }),
      'GET billing/subscription': ok(
        buildSubscription({
          customer_id: 'cus_1',
          subscription_id: 'sub_1',
          subscription_status: 'trialing',
          current_period_end: Date.UTC(2025, 6, 17, 12) / 1000,
          payment_method_brand: 'visa',
          payment_method_last4: '4242',
        }),
      ),
      'PATCH users/phone/6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b': ok(
        { id: GARAGE_USER.id, phone: '02079460000' },
        MESSAGES.garages.phoneUpdated,
      ),
      'POST billing/portal': ok({ url: 'https://billing.stripe.example/p/session_1' }),
    });
    storeSession(GARAGE_USER, 'garage');
    await renderAppSignedIn('/account');

    const phone = (await screen.findByDisplayValue('01632960123')) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: '1207946000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update phone' }));
    expect(screen.getByText(MESSAGES.signup.phoneInvalid)).toBeTruthy();
    fireEvent.change(phone, { target: { value: '020 7946 0000' } });
    expect(phone.value).toBe('02079460000');
    fireEvent.click(screen.getByRole('button', { name: 'Update phone' }));
    expect(await screen.findByText(MESSAGES.garages.phoneUpdated)).toBeTruthy();
    expect(api.callsTo('PATCH users/phone/6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b')[0]?.body).toEqual({
      phone: '02079460000',
    });

    const billing = screen.getByRole('heading', { name: 'Billing' }).closest('section')!;
    expect(within(billing).getByText('Free Trial')).toBeTruthy();
    expect(within(billing).getByText('17 July 2025')).toBeTruthy();
    expect(within(billing).getByText('Visa ending 4242')).toBeTruthy();
    expect(within(billing).queryByRole('button', { name: 'Subscribe' })).toBeNull();
    fireEvent.click(within(billing).getByRole('button', { name: 'Manage billing' }));
    await vi.waitFor(() => expect(sendBrowserTo).toHaveBeenCalledWith('https://billing.stripe.example/p/session_1'));
  });

  it('offers Subscribe to a garage without a subscription, to the checkout of the plan', async () => {
    mockApi({
      'GET garages/me': ok({ garage: { ...PROFILE, subscription_status: 'inactive' } }),
      'GET billing/subscription': ok(buildSubscription()),
      'GET billing/plans': ok({ products: [PLAN_PRODUCT] }),
      // The checkout page asks whether the e-mail is confirmed.
      'GET auth/me': pending,
    });
    storeSession(GARAGE_USER, 'garage');
    await renderAppSignedIn('/account');
    const billing = (await screen.findByRole('heading', { name: 'Billing' })).closest('section')!;
    fireEvent.click(await within(billing).findByRole('button', { name: 'Subscribe' }));
    expect(within(billing).getByText('Not subscribed')).toBeTruthy();
    expect(within(billing).queryByRole('button', { name: 'Manage billing' })).toBeNull();
    await vi.waitFor(() => expect(currentLocation()).toBe('/checkout?price_id=price_professional_monthly'));
  });
});

const EMAIL_ROUTE = `PATCH users/email/${ADMIN_USER.id}`;
const NEW_EMAIL = 'ops@wrenchmark.co.uk';

function emailSection(): HTMLElement {
  return screen.getByRole('region', { name: 'Email address' });
}

function openEmailChange(): HTMLElement {
  const section = emailSection();
  fireEvent.click(within(section).getByRole('button', { name: 'Change email' }));
  return section;
}

function changeEmail(section: HTMLElement, email: string, currentPassword: string) {
  fireEvent.change(within(section).getByLabelText('New email'), { target: { value: email } });
  fireEvent.change(within(section).getByLabelText('Current password'), { target: { value: currentPassword } });
  fireEvent.click(within(section).getByRole('button', { name: 'Update email' }));
}

describe('AccountPage, Email address', () => {
  it('opens the change form from Change email with the focus on the new address, checks it, and Cancel closes it', async () => {
    const api = mockApi({});
    storeSession(ADMIN_USER, 'admin');
    await renderAppSignedIn('/account');
    const section = emailSection();
    expect(within(section).queryByLabelText('New email')).toBeNull();

    openEmailChange();
    expect(document.activeElement).toBe(within(section).getByLabelText('New email'));
    fireEvent.click(within(section).getByRole('button', { name: 'Update email' }));
    expect(within(section).getByText(MESSAGES.signup.emailRequired)).toBeTruthy();
    expect(within(section).getByText(MESSAGES.identity.currentPasswordRequired)).toBeTruthy();
    changeEmail(section, 'not-an-address', 'Sparkplug1');
    expect(within(section).getByText(MESSAGES.signup.emailInvalid)).toBeTruthy();
    changeEmail(section, ` ${ADMIN_USER.email.toUpperCase()} `, 'Sparkplug1');
    expect(await within(section).findByText(SAME_EMAIL_MESSAGE)).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    fireEvent.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(within(section).queryByLabelText('New email')).toBeNull();
    expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'Change email' }));
  });

  it('changes the e-mail, keeps the page signed in with the fresh session and says where both links went', async () => {
    const changed = { ...ADMIN_USER, email: NEW_EMAIL };
    const api = mockApi({
      [EMAIL_ROUTE]: ok(
        { id: ADMIN_USER.id, email: NEW_EMAIL, session: buildApiSession(changed, { access_token: 'access-9' }) },
        MESSAGES.identity.emailUpdated,
      ),
    });
    storeSession(ADMIN_USER, 'admin');
    await renderAppSignedIn('/account');
    const section = openEmailChange();
    changeEmail(section, ' Ops@Wrenchmark.co.uk ', 'Sparkplug1');

    const notice = await within(section).findByRole('status');
    expect(within(notice).getByText(MESSAGES.identity.emailUpdated)).toBeTruthy();
    expect(within(notice).getByText(NEW_EMAIL)).toBeTruthy();
    expect(within(notice).getByText(ADMIN_USER.email)).toBeTruthy();
    expect(notice.textContent).toContain('confirmation link');
    expect(notice.textContent).toContain('undoes the change');
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.body).toEqual({ email: NEW_EMAIL, currentPassword: 'Sparkplug1' });
    expect(api.calls[0]?.authorization).toBe('Bearer access-1');

    expect(getAccessToken()).toBe('access-9');
    expect(window.localStorage.getItem('sh.auth.user')).toBe(JSON.stringify(changed));
    expect((within(section).getByLabelText('Email') as HTMLInputElement).value).toBe(NEW_EMAIL);
    expect(within(section).queryByLabelText('New email')).toBeNull();
    expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'Change email' }));
    expect(currentLocation()).toBe('/account');
  });

  it('shows a wrong current password under its field after one call, without refreshing the session', async () => {
    const api = mockApi({
      [EMAIL_ROUTE]: failure(401, 'password_mismatch', MESSAGES.identity.currentPasswordIncorrect),
    });
    storeSession(ADMIN_USER, 'admin');
    await renderAppSignedIn('/account');
    const section = openEmailChange();
    changeEmail(section, NEW_EMAIL, 'Guessing1');

    expect(await within(section).findByText(MESSAGES.identity.currentPasswordIncorrect)).toBeTruthy();
    const password = within(section).getByLabelText('Current password') as HTMLInputElement;
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(password);
    expect((within(section).getByLabelText('New email') as HTMLInputElement).value).toBe(NEW_EMAIL);
    // The 401 answers the password: no auth/refresh, no second try that would count as another wrong password.
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([EMAIL_ROUTE]);
    expect(getAccessToken()).toBe('access-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Account settings' })).toBeTruthy();
  });

  it('says so when too many wrong passwords were tried (429), and keeps the form', async () => {
    const api = mockApi({ [EMAIL_ROUTE]: failure(429, 'rate_limited', MESSAGES.records.passwordAttemptsExceeded) });
    storeSession(ADMIN_USER, 'admin');
    await renderAppSignedIn('/account');
    const section = openEmailChange();
    changeEmail(section, NEW_EMAIL, 'Sparkplug1');

    expect((await within(section).findByRole('alert')).textContent).toBe(MESSAGES.records.passwordAttemptsExceeded);
    expect(within(section).getByLabelText('New email')).toBeTruthy();
    expect(api.calls).toHaveLength(1);
    expect((within(section).getByLabelText('Email') as HTMLInputElement).value).toBe(ADMIN_USER.email);
  });

  it("shows an address another account holds under the new address (the server's 409)", async () => {
    mockApi({
      [EMAIL_ROUTE]: failure(409, 'conflict', MESSAGES.signup.duplicateEmail, [
        { path: 'email', message: MESSAGES.signup.duplicateEmail },
      ]),
    });
    storeSession(ADMIN_USER, 'admin');
    await renderAppSignedIn('/account');
    const section = openEmailChange();
    changeEmail(section, NEW_EMAIL, 'Sparkplug1');
    expect(await within(section).findByText(MESSAGES.signup.duplicateEmail)).toBeTruthy();
    expect(document.activeElement).toBe(within(section).getByLabelText('New email'));
  });
});

describe('GarageDashboardPage', () => {
  it("shows the garage's own name from its profile, its subscription state and Add First Record when subscribed", async () => {
    mockApi({
      'GET garages/me': ok({ garage: PROFILE }),
      'GET billing/subscription': ok(buildSubscription({ subscription_status: 'trialing' })),
      'GET auth/me': ok({ ...GARAGE_USER, userType: 'garage', emailConfirmed: true }),
      'GET service-records/mine': ok({ serviceRecords: [], nextCursor: null }),
      'GET reminders/garage': pending,
      'GET garage-team': pending,
      'GET api-keys': pending,
    });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/garage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hartley Motors' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Please confirm your email address' })).toBeNull();
    expect(await screen.findByRole('link', { name: 'Add First Record' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add First Record' }).getAttribute('href')).toBe('/add-service');
    expect(within(screen.getByRole('main')).getByText('Free Trial')).toBeTruthy();
  });

  it('asks a garage that has not confirmed its e-mail to do so, and resends the link', async () => {
    const api = mockApi({
      'GET garages/me': ok({ garage: PROFILE }),
      'GET billing/subscription': ok(buildSubscription({ subscription_status: 'trialing' })),
      'GET auth/me': ok({ ...GARAGE_USER, userType: 'garage', emailConfirmed: false }),
      'GET service-records/mine': ok({ serviceRecords: [], nextCursor: null }),
      'GET reminders/garage': pending,
      'GET garage-team': pending,
      'GET api-keys': pending,
      'POST users/resend-confirmation': ok({ emailConfirmed: false }, MESSAGES.identity.confirmationSent),
    });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/garage');
    expect(await screen.findByRole('heading', { name: 'Please confirm your email address' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText(MESSAGES.identity.confirmationSent)).toBeTruthy();
    expect(api.callsTo('POST users/resend-confirmation')).toHaveLength(1);
  });

  it('offers Subscribe to Get Started when not subscribed', async () => {
    mockApi({
      'GET garages/me': ok({ garage: { ...PROFILE, subscription_status: 'inactive' } }),
      'GET billing/subscription': ok(buildSubscription()),
      'GET auth/me': ok({ ...GARAGE_USER, userType: 'garage', emailConfirmed: true }),
      'GET service-records/mine': ok({ serviceRecords: [], nextCursor: null }),
      'GET reminders/garage': pending,
      'GET garage-team': pending,
      'GET api-keys': pending,
    });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/garage');
    expect((await screen.findByRole('link', { name: 'Subscribe to Get Started' })).getAttribute('href')).toBe(
      '/subscription',
    );
    expect(screen.getByRole('link', { name: 'Subscribe to Add Records' }).getAttribute('href')).toBe('/subscription');
    expect(screen.queryByRole('link', { name: 'Add First Record' })).toBeNull();
  });
});
