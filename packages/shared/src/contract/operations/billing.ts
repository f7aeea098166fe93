/** The billing service's calls: plans, checkout, the Stripe webhook, the subscription and the billing portal. */
import { z } from 'zod';
import {
  ZBillingPortalResponseSchema,
  ZCheckoutSessionResponseSchema,
  ZCreateCheckoutSessionRequestSchema,
  ZPlansResponseSchema,
  ZSubscriptionQuerySchema,
  ZSubscriptionResponseSchema,
  ZSyncSubscriptionRequestSchema,
} from '../billing.js';
import { successEnvelope } from '../envelope.js';
import type { TOperation } from '../openapi.js';

const ZWebhookAckSchema = successEnvelope(z.object({ received: z.boolean(), duplicate: z.boolean() }));

export const BILLING_OPERATIONS: TOperation[] = [
  {
    method: 'get',
    path: '/billing/plans',
    summary: 'The plan catalogue',
    tag: 'Billing',
    auth: 'public',
    service: 'billing',
    budget: 'general',
    response: ZPlansResponseSchema,
  },
  {
    method: 'post',
    path: '/stripe/create-checkout-session',
    summary: "Start Stripe Checkout for the plan, with a 14-day trial (the garage's e-mail must be confirmed)",
    tag: 'Billing',
    auth: 'garage',
    service: 'billing',
    budget: 'general',
    body: ZCreateCheckoutSessionRequestSchema,
    response: ZCheckoutSessionResponseSchema,
    errors: [400, 401, 403, 409, 502],
  },
  {
    method: 'post',
    path: '/stripe/webhook',
    summary: "Stripe's signed events (raw body, Stripe-Signature header)",
    tag: 'Billing',
    auth: 'stripe-signature',
    service: 'billing',
    budget: 'none',
    response: ZWebhookAckSchema,
    errors: [400],
  },
  {
    method: 'get',
    path: '/billing/subscription',
    summary: "The signed-in garage's subscription",
    tag: 'Billing',
    auth: 'garage',
    service: 'billing',
    budget: 'general',
    query: ZSubscriptionQuerySchema,
    response: ZSubscriptionResponseSchema,
    errors: [400, 401, 403],
  },
  {
    method: 'post',
    path: '/billing/subscription/sync',
    summary: "Store what the garage's own checkout session made, straight from Stripe (the checkout-success page)",
    tag: 'Billing',
    auth: 'garage',
    service: 'billing',
    budget: 'general',
    body: ZSyncSubscriptionRequestSchema,
    response: ZSubscriptionResponseSchema,
    errors: [400, 401, 403],
  },
  {
    method: 'post',
    path: '/billing/portal',
    summary: 'A Stripe customer-portal link (cancel, change card)',
    tag: 'Billing',
    auth: 'garage',
    service: 'billing',
    budget: 'general',
    response: ZBillingPortalResponseSchema,
    errors: [401, 403, 404],
  },
];
