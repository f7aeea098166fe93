import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveGetStartedPath } from '../src/lib/checkout';
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

afterEach(() => {
  vi.unstubAllGlobals();
});

async function clickGetStarted() {
  const button = await screen.findByRole('button', { name: 'Get Started' });
  await vi.waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  fireEvent.click(button);
}

describe('PricingPage', () => {
  it('shows the plan from the catalogue, three benefit tiles and a five-question FAQ', async () => {
    mockApi({ 'GET billing/plans': ok({ products: [PLAN_PRODUCT] }) });
    renderApp('/pricing');
    const card = (await screen.findByRole('heading', { name: 'Professional Plan' })).closest('article')!;
    expect(within(card).getByText('£34.99')).toBeTruthy();
    expect(within(card).getByText('per month')).toBeTruthy();
    for (const feature of PLAN_PRODUCT.features) expect(within(card).getByText(feature)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).filter((h) => h.closest('.reason'))).toHaveLength(3);
    const faq = screen.getByRole('heading', { name: 'Frequently asked questions' }).closest('section')!;
    const questions = within(faq).getAllByRole('button');
    expect(questions).toHaveLength(5);
    fireEvent.click(questions[0]!);
    expect(questions[0]!.getAttribute('aria-expanded')).toBe('true');
  });

  it('Get Started sends a visitor who is not signed in to /signup', async () => {
    mockApi({ 'GET billing/plans': ok({ products: [PLAN_PRODUCT] }) });
    renderApp('/pricing');
    await clickGetStarted();
    expect(currentLocation()).toBe('/signup');
  });

  it('Get Started sends a garage with an active subscription to /garage', async () => {
    mockApi({
      'GET billing/plans': ok({ products: [PLAN_PRODUCT] }),
      'GET billing/subscription': ok(buildSubscription({ subscription_status: 'active' })),
      'GET garages/me': pending,
      'GET auth/me': pending,
      'GET service-records/mine': pending,
    });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/pricing');
    await clickGetStarted();
    expect(currentLocation()).toBe('/garage');
  });

  it("Get Started sends a garage without one to the checkout of the first product's price", async () => {
    mockApi({
      'GET billing/plans': ok({ products: [PLAN_PRODUCT, { ...PLAN_PRODUCT, priceId: 'price_second' }] }),
      'GET billing/subscription': ok(buildSubscription({ subscription_status: 'canceled' })),
    });
    storeSession(GARAGE_USER, 'garage');
    renderApp('/pricing');
    await clickGetStarted();
    expect(currentLocation()).toBe('/checkout?price_id=price_professional_monthly');
  });
});

describe('resolveGetStartedPath', () => {
  const products = [PLAN_PRODUCT];
  it('applies the three rules in order', () => {
    expect(resolveGetStartedPath({ isSignedIn: false, hasActiveSubscription: false, products })).toBe('/signup');
    expect(resolveGetStartedPath({ isSignedIn: true, hasActiveSubscription: true, products })).toBe('/garage');
    expect(resolveGetStartedPath({ isSignedIn: true, hasActiveSubscription: false, products })).toBe(
      '/checkout?price_id=price_professional_monthly',
    );
    expect(resolveGetStartedPath({ isSignedIn: true, hasActiveSubscription: false, products: [] })).toBe('/pricing');
  });
});
