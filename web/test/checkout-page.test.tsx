import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, SUPPORT_EMAIL, PAST_DUE_MESSAGES } from '@sh/shared/contract';
import { sendBrowserTo } from '../src/lib/browser-location';
import { announceEmailConfirmed, CONFIRMATION_POLL_MS } from '../src/lib/use-email-confirmation';
import {
  buildSubscription,
  currentLocation,
  failure,
  GARAGE_USER,
  mockApi,
  ok,
  PLAN_PRODUCT,
  renderApp,
  storeSession,
} from './support';

vi.mock('../src/lib/browser-location', () => ({
  sendBrowserTo: vi.fn(),
  siteOrigin: () => 'https://wrenchmark.example',
}));

const PLANS = ok({ products: [PLAN_PRODUCT] });
const CHECKOUT_URL = 'https://checkout.stripe.example/c/pay/cs_test_a1B2c3';
const PORTAL_URL = 'https://billing.stripe.example/p/session/bps_test_9z8y';
const ME_CONFIRMED = ok({ ...GARAGE_USER, userType: 'garage', emailConfirmed: true });
const ME_UNCONFIRMED = ok({ ...GARAGE_USER, userType: 'garage', emailConfirmed: false });

beforeEach(() => {
  vi.mocked(sendBrowserTo).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CheckoutPage', () => {
  it('sends a missing price_id to /pricing', async () => {
    mockApi({ 'GET billing/plans': PLANS });
    renderApp('/checkout');
    expect(currentLocation()).toBe('/pricing');
    await screen.findByRole('button', { name: /Get Started/ });
  });

  it('sends an unknown price_id to /pricing once the catalogue is known', async () => {
    mockApi({ 'GET billing/plans': PLANS });
    renderApp('/checkout?price_id=price_unknown');
    await screen.findByRole('button', { name: /Get Started/ });
    expect(currentLocation()).toBe('/pricing');
  });

  it('shows the plan, the price per month in pounds, the features, the cancelled message and the support e-mail', async () => {
    mockApi({
      'GET billing/plans': PLANS,
      'GET billing/subscription': ok(buildSubscription()),
      'GET auth/me': ME_CONFIRMED,
    });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/checkout?price_id=price_professional_monthly&canceled=true');

    expect(await screen.findByRole('heading', { name: 'Professional Plan' })).toBeTruthy();
    await screen.findByRole('button', { name: 'Subscribe Now' });
    const main = screen.getByRole('main');
    expect(within(main).getByText('full access to all features')).toBeTruthy();
    expect(within(main).getAllByText('£34.99 per month').length).toBeGreaterThan(0);
    for (const feature of PLAN_PRODUCT.features) expect(within(main).getByText(feature)).toBeTruthy();
    expect(within(main).getByText(GARAGE_USER.email)).toBeTruthy();
    expect(within(main).getByText(MESSAGES.checkout.cancelled)).toBeTruthy();
    expect(within(main).getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
    expect(within(main).getByRole('link', { name: 'Back to pricing' }).getAttribute('href')).toBe('/pricing');
  });

  it('does not show the cancelled message without canceled=true', async () => {
    mockApi({
      'GET billing/plans': PLANS,
      'GET billing/subscription': ok(buildSubscription()),
      'GET auth/me': ME_CONFIRMED,
    });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/checkout?price_id=price_professional_monthly');
    await screen.findByRole('button', { name: 'Subscribe Now' });
    expect(screen.queryByText(MESSAGES.checkout.cancelled)).toBeNull();
  });

  it('asks a visitor who is not signed in to log in or sign up first', async () => {
    mockApi({ 'GET billing/plans': PLANS });
    renderApp('/checkout?price_id=price_professional_monthly');
    expect(await screen.findByRole('heading', { name: 'Log in or sign up first' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(within(main).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(screen.queryByRole('button', { name: 'Subscribe Now' })).toBeNull();
  });

  it('Subscribe Now creates the checkout session with the return addresses and sends the browser to it', async () => {
    const api = mockApi({
      'GET billing/plans': PLANS,
      'GET billing/subscription': ok(buildSubscription()),
      'GET auth/me': ME_CONFIRMED,
      'POST stripe/create-checkout-session': ok({ url: CHECKOUT_URL }),
    });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/checkout?price_id=price_professional_monthly');
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe Now' }));

    await vi.waitFor(() => expect(sendBrowserTo).toHaveBeenCalledWith(CHECKOUT_URL));
    const call = api.callsTo('POST stripe/create-checkout-session')[0];
    expect(call?.authorization).toBe('Bearer access-1');
    expect(call?.body).toEqual({
      price_id: 'price_professional_monthly',
      mode: 'subscription',
      customerEmail: GARAGE_USER.email,
      success_url: 'https://wrenchmark.example/checkout-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://wrenchmark.example/checkout?price_id=price_professional_monthly&canceled=true',
    });
  });

  it.each([
    [
      'the server refuses',
      failure(409, 'conflict', MESSAGES.billing.alreadySubscribed),
      MESSAGES.billing.alreadySubscribed,
    ],
    ['the answer has no url', ok({}), MESSAGES.checkout.noUrl],
    ['the server fails without an envelope', { status: 500, body: null }, MESSAGES.checkout.createFailed],
    ['the network fails', new TypeError('Failed to fetch'), MESSAGES.checkout.startFailed],
  ] as const)('shows why the checkout did not start when %s', async (_case, reply, message) => {
    mockApi({
      'GET billing/plans': PLANS,
      'GET billing/subscription': ok(buildSubscription()),
      'GET auth/me': ME_CONFIRMED,
      'POST stripe/create-checkout-session': reply,
    });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/checkout?price_id=price_professional_monthly');
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe Now' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(sendBrowserTo).not.toHaveBeenCalled();
  });

  it("shows the server's email_not_confirmed message in the page with Resend confirmation email, and reports the resend", async () => {
    const api = mockApi({
      'GET billing/plans': PLANS,
      'GET billing/subscription': ok(buildSubscription()),
      'GET auth/me': ME_CONFIRMED,
      'POST stripe/create-checkout-session': failure(403, 'email_not_confirmed', MESSAGES.platform.emailNotConfirmed),
      'POST users/resend-confirmation': (_call, count) =>
        count === 1
          ? ok({ emailConfirmed: false }, MESSAGES.identity.confirmationSent)
          : failure(429, 'rate_limited', MESSAGES.platform.rateLimited),
    });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/checkout?price_id=price_professional_monthly');
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe Now' }));

    const announced = await screen.findByRole('alert');
    expect(within(announced).getByRole('heading', { name: 'Please confirm your email address' })).toBeTruthy();
    expect(within(announced).getByText(MESSAGES.platform.emailNotConfirmed)).toBeTruthy();
    expect(sendBrowserTo).not.toHaveBeenCalled();
    expect(api.callsTo('POST stripe/create-checkout-session')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText(MESSAGES.identity.confirmationSent)).toBeTruthy();
    expect(screen.getByText(MESSAGES.identity.confirmationSent).closest('[role="status"]')).not.toBeNull();
    const resend = api.callsTo('POST users/resend-confirmation');
    expect(resend).toHaveLength(1);
    expect(resend[0]?.authorization).toBe('Bearer access-1');

    fireEvent.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText(MESSAGES.platform.rateLimited)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.identity.confirmationSent)).toBeNull();
    expect(screen.getByRole('button', { name: 'Subscribe Now' }).hasAttribute('disabled')).toBe(false);
  });
  it('tells a garage whose e-mail is not confirmed before the click, offers a new link, and moves on by itself once it is confirmed', async () => {
    const api = mockApi({
      'GET billing/plans': PLANS,
      'GET billing/subscription': ok(buildSubscription()),
      'GET auth/me': (_call, count) => (count === 1 ? ME_UNCONFIRMED : ME_CONFIRMED),
      'POST users/resend-confirmation': ok({ emailConfirmed: false }, MESSAGES.identity.confirmationSent),
    });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/checkout?price_id=price_professional_monthly');

    const notice = (await screen.findByRole('heading', { name: 'Please confirm your email address' })).closest('div')!;
    expect(screen.getByRole('main').textContent).toContain(`We sent a confirmation link to ${GARAGE_USER.email}`);
    expect(screen.queryByRole('button', { name: 'Subscribe Now' })).toBeNull();
    expect(notice).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText(MESSAGES.identity.confirmationSent)).toBeTruthy();
    expect(api.callsTo('POST users/resend-confirmation')).toHaveLength(1);

    // The owner comes back from the inbox: the page asks again and goes on to payment.
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await screen.findByRole('button', { name: 'Subscribe Now' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Please confirm your email address' })).toBeNull();
    expect(api.callsTo('GET auth/me')).toHaveLength(2);
    expect(api.callsTo('POST stripe/create-checkout-session')).toHaveLength(0);
  });

  it('moves on at once when the confirmation page in another tab announces the confirmation', async () => {
    const api = mockApi({
      'GET billing/plans': PLANS,
      'GET billing/subscription': ok(buildSubscription()),
      'GET auth/me': (_call, count) => (count === 1 ? ME_UNCONFIRMED : ME_CONFIRMED),
    });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/checkout?price_id=price_professional_monthly');
    await screen.findByRole('heading', { name: 'Please confirm your email address' });

    announceEmailConfirmed();
    expect(await screen.findByRole('button', { name: 'Subscribe Now' })).toBeTruthy();
    expect(api.callsTo('GET auth/me')).toHaveLength(2);
  });

  it(`asks again every ${CONFIRMATION_POLL_MS} ms while the page is visible, and not while it is hidden`, async () => {
    // Fake time runs on with real time (the page's own waits work); the test jumps it past the pause.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    let visibility: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    try {
      const api = mockApi({
        'GET billing/plans': PLANS,
        'GET billing/subscription': ok(buildSubscription()),
        'GET auth/me': ME_UNCONFIRMED,
      });
      storeSession(GARAGE_USER, 'garage');
      renderApp('/checkout?price_id=price_professional_monthly');
      await screen.findByRole('heading', { name: 'Please confirm your email address' });
      expect(api.callsTo('GET auth/me')).toHaveLength(1);

      await vi.advanceTimersByTimeAsync(CONFIRMATION_POLL_MS);
      await vi.waitFor(() => expect(api.callsTo('GET auth/me')).toHaveLength(2));

      visibility = 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(CONFIRMATION_POLL_MS * 3);
      expect(api.callsTo('GET auth/me')).toHaveLength(2);
      expect(screen.getByRole('heading', { name: 'Please confirm your email address' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });

  it('says why the account could not be checked, and tries again', async () => {
    mockApi({
      'GET billing/plans': PLANS,
      'GET billing/subscription': ok(buildSubscription()),
      'GET auth/me': (_call, count) =>
        count === 1 ? failure(500, 'internal', MESSAGES.platform.internal) : ME_CONFIRMED,
    });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/checkout?price_id=price_professional_monthly');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.platform.internal);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Subscribe Now' })).toBeTruthy();
  });

  it('sends a garage whose payment failed to the billing portal, never to a new checkout', async () => {
    const api = mockApi({
      'GET billing/plans': PLANS,
      'GET billing/subscription': ok(buildSubscription({ subscription_status: 'past_due', customer_id: 'cus_1' })),
      'GET auth/me': ME_CONFIRMED,
      'POST billing/portal': ok({ url: PORTAL_URL }),
    });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/checkout?price_id=price_professional_monthly');

    expect(await screen.findByRole('heading', { name: 'Your last payment failed' })).toBeTruthy();
    expect(screen.getByText(PAST_DUE_MESSAGES.paymentPastDue)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Subscribe Now' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update payment details' }));
    await vi.waitFor(() => expect(sendBrowserTo).toHaveBeenCalledWith(PORTAL_URL));
    expect(api.callsTo('POST billing/portal')[0]?.authorization).toBe('Bearer access-1');
    expect(api.callsTo('POST stripe/create-checkout-session')).toHaveLength(0);
  });

  it('shows why the billing portal did not open', async () => {
    mockApi({
      'GET billing/plans': PLANS,
      'GET billing/subscription': ok(buildSubscription({ subscription_status: 'past_due', customer_id: 'cus_1' })),
      'GET auth/me': ME_CONFIRMED,
      'POST billing/portal': failure(502, 'bad_gateway', MESSAGES.billing.portalFailed),
    });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/checkout?price_id=price_professional_monthly');
    fireEvent.click(await screen.findByRole('button', { name: 'Update payment details' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.billing.portalFailed);
    expect(sendBrowserTo).not.toHaveBeenCalled();
  });

  it.each(['active', 'trialing'] as const)(
    'sends a %s garage to its dashboard instead of a second checkout',
    async (status) => {
      mockApi({
        'GET billing/plans': PLANS,
        'GET billing/subscription': ok(buildSubscription({ subscription_status: status })),
        'GET auth/me': ME_CONFIRMED,
      });
      storeSession(GARAGE_USER, 'garage');
      renderApp('/checkout?price_id=price_professional_monthly');
      expect(await screen.findByRole('heading', { name: 'You are subscribed' })).toBeTruthy();
      expect(screen.getByText(MESSAGES.billing.alreadySubscribed)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/garage');
      expect(screen.queryByRole('button', { name: 'Subscribe Now' })).toBeNull();
    },
  );
});
