import { z } from 'zod';
import { PLAN } from './constants.js';
import { successEnvelope } from './envelope.js';
import { MESSAGES } from './messages.js';

/**
 * Contract of the billing service: the plan catalogue, Stripe checkout, the garage's subscription and the
 * customer portal. Browser-safe (zod only): the SPA imports these schemas as they are.
 */

/**
 * What a past-due garage is told (docs/product.md#the-road-from-signup-to-paying): kept out of MESSAGES so that only the
 * pages that show them carry them, not the web app's first load.
 */
export const PAST_DUE_MESSAGES = {
  paymentPastDue:
    'Your last payment failed, so your subscription is past due. Update your card in the billing portal instead of starting a new subscription.',
  pastDueNotice: 'Your last payment failed. Update your card in the billing portal to keep adding service records.',
} as const;

/**
 * What the plan includes, as the pricing page lists it (docs/product.md#pricing-and-checkout): only what is built
 * (issue 26): the garage's own page as it is (docs/product.md#garage-profiles) and the support there is (e-mail and
 * the contact form).
 */
export const PLAN_FEATURES = [
  'Unlimited service entries',
  'Public vehicle search',
  'Vehicle report with DVLA and DVSA data',
  'A signed receipt for every record',
  'Export your records as CSV or JSON',
  'Your own garage page with your logo, opening hours and services, listed in the garage finder',
  'Email support',
  'Free updates',
] as const;

/** The subscription states the SPA sees; 'inactive' when the garage has none. */
export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'inactive'] as const;
export const ZSubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type TSubscriptionStatus = z.infer<typeof ZSubscriptionStatusSchema>;

/** One product of the catalogue (docs/product.md#the-plan), with its Stripe ids from configuration. */
export const ZPlanProductSchema = z.object({
  name: z.literal(PLAN.name),
  description: z.literal(PLAN.description),
  /** Minor units (pence). */
  price: z.number().int().positive(),
  currency: z.literal(PLAN.currency),
  interval: z.literal(PLAN.interval),
  mode: z.literal(PLAN.mode),
  priceId: z.string().min(1),
  productId: z.string().min(1),
  trialDays: z.number().int().nonnegative(),
  features: z.array(z.string()),
});
export type TPlanProduct = z.infer<typeof ZPlanProductSchema>;

/** GET /api/v1/billing/plans (public). */
export const ZPlansResponseSchema = successEnvelope(z.object({ products: z.array(ZPlanProductSchema) }));
export type TPlansResponse = z.infer<typeof ZPlansResponseSchema>;

const returnUrl = z
  .string({ error: MESSAGES.billing.returnUrlInvalid })
  .trim()
  .regex(/^https?:\/\/[^\s]+$/i, MESSAGES.billing.returnUrlInvalid);

/**
 * POST /api/v1/stripe/create-checkout-session (docs/product.md#pricing-and-checkout). success_url may carry Stripe's
 * {CHECKOUT_SESSION_ID} placeholder; both URLs must be on the site's own origin (checked by the server).
 * customerEmail is accepted for compatibility; the Stripe customer gets the signed-in account's e-mail.
 */
export const ZCreateCheckoutSessionRequestSchema = z.object({
  price_id: z.string({ error: MESSAGES.billing.priceRequired }).trim().min(1, MESSAGES.billing.priceRequired),
  mode: z.literal('subscription', { error: MESSAGES.billing.subscriptionModeOnly }).default('subscription'),
  customerEmail: z.string().optional(),
  success_url: returnUrl,
  cancel_url: returnUrl,
});
export type TCreateCheckoutSessionRequest = z.input<typeof ZCreateCheckoutSessionRequestSchema>;

/** The answer of create-checkout-session: where to send the browser to pay. */
export const ZCheckoutSessionResponseSchema = successEnvelope(z.object({ url: z.string().url() }));
export type TCheckoutSessionResponse = z.infer<typeof ZCheckoutSessionResponseSchema>;

/**
 * GET /api/v1/billing/subscription query: session_id (the checkout-success page's) lets the server sync
 * with Stripe at once when the webhook has not arrived yet.
 */
export const ZSubscriptionQuerySchema = z.object({
  session_id: z
    .string()
    .trim()
    .regex(/^cs_[A-Za-z0-9_]{1,250}$/, MESSAGES.billing.sessionIdInvalid)
    .optional(),
});
export type TSubscriptionQuery = z.infer<typeof ZSubscriptionQuerySchema>;

/**
 * POST /billing/subscription/sync {session_id}: stores what the garage's own checkout session made, straight
 * from Stripe, for the checkout-success page (the webhooks may arrive later). The GET only reads.
 */
export const ZSyncSubscriptionRequestSchema = z.object({
  session_id: z
    .string({ error: MESSAGES.billing.sessionIdInvalid })
    .pipe(ZSubscriptionQuerySchema.shape.session_id.unwrap()),
});
export type TSyncSubscriptionRequest = z.infer<typeof ZSyncSubscriptionRequestSchema>;

/** The signed-in garage's subscription (docs/product.md#subscription-states), all from Stripe's data; times in unix seconds. */
export const ZGarageSubscriptionSchema = z.object({
  customer_id: z.string().nullable(),
  subscription_id: z.string().nullable(),
  subscription_status: ZSubscriptionStatusSchema,
  price_id: z.string().nullable(),
  current_period_start: z.number().int().nullable(),
  current_period_end: z.number().int().nullable(),
  trial_end: z.number().int().nullable(),
  cancel_at_period_end: z.boolean(),
  payment_method_brand: z.string().nullable(),
  payment_method_last4: z.string().nullable(),
});
export type TGarageSubscription = z.infer<typeof ZGarageSubscriptionSchema>;

export const ZSubscriptionResponseSchema = successEnvelope(ZGarageSubscriptionSchema);
export type TSubscriptionResponse = z.infer<typeof ZSubscriptionResponseSchema>;

/** POST /api/v1/billing/portal (no body): a Stripe customer-portal URL to cancel or change the card. */
export const ZBillingPortalResponseSchema = successEnvelope(z.object({ url: z.string().url() }));
export type TBillingPortalResponse = z.infer<typeof ZBillingPortalResponseSchema>;
