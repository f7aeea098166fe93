import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, SUPPORT_EMAIL } from '@sh/shared/contract';
import { sendBrowserTo } from '../src/lib/browser-location';
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

beforeEach(() => {
  vi.mocked(sendBrowserTo).mockClear();
});

afterEach(() => {
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
    mockApi({ 'GET billing/plans': PLANS, 'GET billing/subscription': ok(buildSubscription()) });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/checkout?price_id=price_professional_monthly&canceled=true');

    expect(await screen.findByRole('heading', { name: 'Professional Plan' })).toBeTruthy();
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
    mockApi({ 'GET billing/plans': PLANS, 'GET billing/subscription': ok(buildSubscription()) });
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
});
