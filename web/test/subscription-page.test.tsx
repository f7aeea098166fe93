import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAST_DUE_MESSAGES } from '@sh/shared/contract';
import { sendBrowserTo } from '../src/lib/browser-location';
import {
  buildSubscription,
  currentLocation,
  GARAGE_USER,
  mockApi,
  ok,
  pending,
  PLAN_PRODUCT,
  renderApp,
  storeSession,
} from './support';

vi.mock('../src/lib/browser-location', () => ({
  sendBrowserTo: vi.fn(),
  siteOrigin: () => 'https://wrenchmark.example',
}));

const PORTAL_URL = 'https://billing.stripe.example/p/session/bps_test_9z8y';

afterEach(() => {
  vi.mocked(sendBrowserTo).mockClear();
});

describe('SubscriptionPage (/subscription)', () => {
  it("sends a garage without a subscription on to the checkout of the catalogue's plan", async () => {
    mockApi({
      'GET billing/subscription': ok(buildSubscription({ subscription_status: 'canceled' })),
      'GET billing/plans': ok({ products: [PLAN_PRODUCT] }),
      'GET auth/me': pending,
    });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/subscription');
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    await vi.waitFor(() => expect(currentLocation()).toBe('/checkout?price_id=price_professional_monthly'));
    expect(sendBrowserTo).not.toHaveBeenCalled();
  });

  it('offers a garage whose payment failed the billing portal instead of Subscribe', async () => {
    const api = mockApi({
      'GET billing/subscription': ok(buildSubscription({ subscription_status: 'past_due', customer_id: 'cus_1' })),
      'POST billing/portal': ok({ url: PORTAL_URL }),
    });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/subscription');
    expect(await screen.findByText(PAST_DUE_MESSAGES.pastDueNotice)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update payment details' }));
    await vi.waitFor(() => expect(sendBrowserTo).toHaveBeenCalledWith(PORTAL_URL));
    expect(api.callsTo('POST stripe/create-checkout-session')).toHaveLength(0);
  });

  it('sends a visitor to signup', async () => {
    mockApi({});
    renderApp('/subscription');
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    await vi.waitFor(() => expect(currentLocation()).toBe('/signup'));
  });
});
