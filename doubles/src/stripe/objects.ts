/** The Stripe API objects the double keeps, in the JSON shapes Stripe answers with (the fields billing uses and a few more). */

export type Metadata = Record<string, string>;

export interface ProductObject {
  id: string;
  object: 'product';
  active: boolean;
  name: string;
  description: string | null;
  default_price: string | null;
  created: number;
  livemode: false;
  metadata: Metadata;
}

export interface PriceObject {
  id: string;
  object: 'price';
  active: boolean;
  currency: string;
  unit_amount: number;
  unit_amount_decimal: string;
  product: string;
  recurring: { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number; usage_type: 'licensed' } | null;
  type: 'recurring' | 'one_time';
  nickname: string | null;
  lookup_key: string | null;
  created: number;
  livemode: false;
  metadata: Metadata;
}

export interface CustomerObject {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  description: string | null;
  invoice_settings: { default_payment_method: string | null };
  created: number;
  livemode: false;
  metadata: Metadata;
}

export interface PaymentMethodObject {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: {
    brand: string;
    display_brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    funding: string;
    country: string;
  };
  billing_details: { name: string | null; email: string | null };
  customer: string | null;
  created: number;
  livemode: false;
  metadata: Metadata;
}

export interface CheckoutSessionObject {
  id: string;
  object: 'checkout.session';
  mode: 'subscription' | 'payment' | 'setup';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  customer: string | null;
  customer_email: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  client_reference_id: string | null;
  success_url: string | null;
  cancel_url: string | null;
  url: string | null;
  subscription: string | null;
  invoice: string | null;
  currency: string | null;
  amount_subtotal: number | null;
  amount_total: number | null;
  expires_at: number;
  created: number;
  livemode: false;
  metadata: Metadata;
}

export interface SubscriptionItemObject {
  id: string;
  object: 'subscription_item';
  price: PriceObject;
  quantity: number;
  subscription: string;
  current_period_start: number;
  current_period_end: number;
  created: number;
  metadata: Metadata;
}

export type SubscriptionStatus =
  'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete' | 'incomplete_expired' | 'paused';

export interface SubscriptionObject {
  id: string;
  object: 'subscription';
  customer: string;
  status: SubscriptionStatus;
  items: { object: 'list'; data: SubscriptionItemObject[]; has_more: false; url: string };
  currency: string;
  collection_method: 'charge_automatically';
  billing_cycle_anchor: number;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  trial_start: number | null;
  trial_end: number | null;
  start_date: number;
  default_payment_method: string | null;
  latest_invoice: string | null;
  description: string | null;
  created: number;
  livemode: false;
  metadata: Metadata;
}

export interface InvoiceObject {
  id: string;
  object: 'invoice';
  number: string;
  customer: string;
  customer_email: string | null;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';
  currency: string;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  period_start: number;
  period_end: number;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { subscription: string; metadata: Metadata };
  };
  lines: {
    object: 'list';
    data: Array<{
      id: string;
      object: 'line_item';
      amount: number;
      currency: string;
      description: string;
      quantity: number;
      period: { start: number; end: number };
      pricing: { type: 'price_details'; price_details: { price: string; product: string } };
    }>;
    has_more: false;
    url: string;
  };
  hosted_invoice_url: string | null;
  created: number;
  livemode: false;
  metadata: Metadata;
}

export interface PortalSessionObject {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string | null;
  url: string;
  configuration: string;
  created: number;
  livemode: false;
}

export interface EventObject {
  id: string;
  object: 'event';
  api_version: string;
  type: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
}

export type AnyStripeObject =
  | ProductObject
  | PriceObject
  | CustomerObject
  | PaymentMethodObject
  | CheckoutSessionObject
  | SubscriptionObject
  | InvoiceObject
  | PortalSessionObject
  | EventObject;

/** A Stripe API error, answered as `{ error: { type, code?, message, param? } }` with its HTTP status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error',
    message: string,
    readonly extra: { code?: string; param?: string; decline_code?: string } = {},
  ) {
    super(message);
    this.name = 'StripeApiError';
  }

  toJSON() {
    return { error: { type: this.type, message: this.message, ...this.extra } };
  }
}

/** "No such price: 'price_x'", Stripe's answer for an unknown id. */
export function noSuch(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    param,
  });
}

/** "Missing required param: mode." */
export function missingParam(param: string): StripeApiError {
  return new StripeApiError(400, 'invalid_request_error', `Missing required param: ${param}.`, {
    code: 'parameter_missing',
    param,
  });
}

/** A parameter Stripe would refuse. */
export function invalidParam(param: string, message: string): StripeApiError {
  return new StripeApiError(400, 'invalid_request_error', message, { code: 'parameter_invalid', param });
}
