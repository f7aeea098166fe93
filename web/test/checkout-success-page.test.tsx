import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_POLL, MESSAGES, SUPPORT_EMAIL } from '@sh/shared/contract';
import {
  buildSubscription,
  GARAGE_USER,
  mockApi,
  ok,
  renderApp,
  storeSession,
  type TApiCall,
  type TApiRoute,
} from './support';

const PERIOD_END = Date.UTC(2025, 6, 17, 12) / 1000;

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** A poll: the checkout's session synced with Stripe. */
function isPoll(call: TApiCall) {
  return (
    call.method === 'POST' &&
    call.path === 'billing/subscription/sync' &&
    (call.body as { session_id?: string })?.session_id === 'cs_test_a1B2c3'
  );
}

/** The same subscription for the page's plain reads and its sync polls. */
function subscriptionRoutes(reply: TApiRoute) {
  return { 'GET billing/subscription': reply, 'POST billing/subscription/sync': reply };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CheckoutSuccessPage', () => {
  it('waits 3 s, polls every 2 s, and shows "Free trial started" when the 2nd poll says trialing; Pricing leaves the navigation', async () => {
    let isTrialing = false;
    const api = mockApi(
      subscriptionRoutes((call) => {
        if (isPoll(call) && api.calls.filter(isPoll).length >= 2) isTrialing = true;
        return ok(
          isTrialing
            ? buildSubscription({
                customer_id: 'cus_1',
                subscription_id: 'sub_1',
                subscription_status: 'trialing',
                current_period_end: PERIOD_END,
              })
            : buildSubscription(),
        );
      }),
    );
    storeSession(GARAGE_USER, 'garage');
    renderApp('/checkout-success?session_id=cs_test_a1B2c3');
    await advance(0);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirming your payment');
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Pricing' }),
    ).toBeTruthy();

    await advance(CHECKOUT_POLL.initialWaitMs - 1);
    expect(api.calls.filter(isPoll)).toHaveLength(0);
    await advance(1);
    expect(api.calls.filter(isPoll)).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirming your payment');

    await advance(CHECKOUT_POLL.intervalMs);
    expect(api.calls.filter(isPoll)).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Free trial started');
    const details = screen.getByRole('main');
    expect(within(details).getByText('Free Trial')).toBeTruthy();
    expect(within(details).getByText('17 July 2025')).toBeTruthy();
    expect(within(details).getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/garage');
    expect(within(details).getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');

    await advance(CHECKOUT_POLL.intervalMs * 3);
    expect(api.calls.filter(isPoll)).toHaveLength(2);
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Pricing' }),
    ).toBeNull();
  });

  it('says "Subscription activated" with the status Active when the poll says active', async () => {
    mockApi(
      subscriptionRoutes((call) =>
        ok(
          isPoll(call)
            ? buildSubscription({ subscription_status: 'active', current_period_end: PERIOD_END })
            : buildSubscription(),
        ),
      ),
    );
    storeSession(GARAGE_USER, 'garage');
    renderApp('/checkout-success?session_id=cs_test_a1B2c3');
    await advance(CHECKOUT_POLL.initialWaitMs);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Subscription activated');
    expect(within(screen.getByRole('main')).getByText('Active')).toBeTruthy();
  });

  it('completes after the 10th poll even when the payment is not confirmed yet, and says so', async () => {
    const api = mockApi(subscriptionRoutes(ok(buildSubscription())));
    storeSession(GARAGE_USER, 'garage');
    renderApp('/checkout-success?session_id=cs_test_a1B2c3');
    await advance(CHECKOUT_POLL.initialWaitMs + CHECKOUT_POLL.intervalMs * (CHECKOUT_POLL.maxPolls - 2));
    expect(api.calls.filter(isPoll)).toHaveLength(CHECKOUT_POLL.maxPolls - 1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirming your payment');
    await advance(CHECKOUT_POLL.intervalMs);
    expect(api.calls.filter(isPoll)).toHaveLength(CHECKOUT_POLL.maxPolls);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Subscription activated');
    expect(screen.getByText(/still waiting for the payment provider/)).toBeTruthy();
    await advance(CHECKOUT_POLL.intervalMs * 5);
    expect(api.calls.filter(isPoll)).toHaveLength(CHECKOUT_POLL.maxPolls);
  });

  it('shows the verification error with View Pricing, and polls nothing, without a session_id', async () => {
    const api = mockApi(subscriptionRoutes(ok(buildSubscription())));
    storeSession(GARAGE_USER, 'garage');
    renderApp('/checkout-success');
    await advance(CHECKOUT_POLL.initialWaitMs + CHECKOUT_POLL.intervalMs * 2);
    const [title, detail] = MESSAGES.checkoutSuccess.noSession.split(' / ');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(screen.getByText(detail!)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(api.calls.filter(isPoll)).toHaveLength(0);
  });

  it("shows 'Payment Verification Issue' with the support address to a visitor who is not signed in", async () => {
    mockApi({});
    renderApp('/checkout-success?session_id=cs_test_a1B2c3');
    await advance(0);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(MESSAGES.checkoutSuccess.verificationIssue);
    expect(screen.getByRole('link', { name: new RegExp(SUPPORT_EMAIL) }).getAttribute('href')).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
    expect(screen.getByRole('link', { name: 'Back to pricing' }).getAttribute('href')).toBe('/pricing');
  });
});
