import { MESSAGES, PLAN, type TPlanProduct } from '@sh/shared/contract';
import { createCheckoutSession } from '../api/billing';
import { ApiError } from '../api/client';
import { isServerError } from './error-message';
import { sendBrowserTo, siteOrigin } from './browser-location';

/** The checkout page for a price. */
export function buildCheckoutPath(priceId: string): string {
  return `/checkout?price_id=${encodeURIComponent(priceId)}`;
}

/**
 * Where Stripe sends the browser back: the success page with Stripe's session-id placeholder (left as it is,
 * Stripe fills it in), and the checkout page marked as cancelled.
 */
export function buildCheckoutReturnUrls(origin: string, priceId: string): { success_url: string; cancel_url: string } {
  return {
    success_url: `${origin}/checkout-success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${origin}/checkout?price_id=${encodeURIComponent(priceId)}&canceled=true`,
  };
}

/**
 * Pricing's Get Started (docs/product.md#pricing-and-checkout): not signed in goes to /signup; an active subscription to
 * /garage; anyone else to the checkout of the catalogue's first product (or stays on pricing without one).
 */
export function resolveGetStartedPath(options: {
  isSignedIn: boolean;
  hasActiveSubscription: boolean;
  products: readonly TPlanProduct[];
}): string {
  if (!options.isSignedIn) return '/signup';
  if (options.hasActiveSubscription) return '/garage';
  const first = options.products[0];
  return first ? buildCheckoutPath(first.priceId) : '/pricing';
}

/**
 * A checkout that could not start, with the message to show (docs/product.md#pricing-and-checkout) and the server's
 * error code when it refused (email_not_confirmed, say), so the page can offer the way on.
 */
export class CheckoutStartError extends Error {
  readonly code: string | null;

  constructor(message: string, code: string | null = null) {
    super(message);
    this.name = 'CheckoutStartError';
    this.code = code;
  }
}

/**
 * Creates a Stripe checkout session for the plan and sends the browser to it. Throws a CheckoutStartError
 * whose message is the server's, 'No checkout URL received', 'Failed to create checkout session' or
 * 'Failed to start checkout process'.
 */
export async function startCheckout(priceId: string, customerEmail: string): Promise<void> {
  let url: string;
  try {
    url = await createCheckoutSession({
      price_id: priceId,
      mode: PLAN.mode,
      customerEmail,
      ...buildCheckoutReturnUrls(siteOrigin(), priceId),
    });
  } catch (error) {
    throw new CheckoutStartError(checkoutFailureMessage(error), isServerError(error) ? error.code : null);
  }
  if (!url) throw new CheckoutStartError(MESSAGES.checkout.noUrl);
  sendBrowserTo(url);
}

function checkoutFailureMessage(error: unknown): string {
  if (isServerError(error)) return error.message || MESSAGES.checkout.createFailed;
  if (error instanceof ApiError) {
    if (error.code === 'invalid_response') return MESSAGES.checkout.noUrl;
    if (error.code === 'http_error') return MESSAGES.checkout.createFailed;
  }
  return MESSAGES.checkout.startFailed;
}
