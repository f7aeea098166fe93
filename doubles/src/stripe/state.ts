import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { addInterval, DAY, nowSeconds } from './calendar.js';
import type { CardDetails } from './cards.js';
import type { SeedSubscription } from './seed-subscriptions.js';
import {
  invalidParam,
  noSuch,
  StripeApiError,
  type AnyStripeObject,
  type CheckoutSessionObject,
  type CustomerObject,
  type EventObject,
  type InvoiceObject,
  type Metadata,
  type PaymentMethodObject,
  type PortalSessionObject,
  type PriceObject,
  type ProductObject,
  type SubscriptionObject,
} from './objects.js';

export { nowSeconds };

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Stripe-looking id: prefix, underscore, 24 random letters and digits. */
export function newId(prefix: string): string {
  const bytes = randomBytes(24);
  let suffix = '';
  for (const byte of bytes) suffix += ID_ALPHABET[byte % ID_ALPHABET.length];
  return `${prefix}_${suffix}`;
}

function copy<T>(value: T): T {
  return structuredClone(value);
}

/** A product and its recurring price, seeded into the double's catalogue. */
export interface CatalogueEntry {
  productId: string;
  priceId: string;
  name: string;
  description: string;
  unitAmount: number;
  currency: string;
  interval: 'day' | 'week' | 'month' | 'year';
}

/** What a checkout session was asked to sell, kept beside the public session object. */
export interface SessionTerms {
  priceId: string;
  quantity: number;
  trialPeriodDays: number | null;
  subscriptionMetadata: Metadata;
}

export type AdvanceTarget = 'active' | 'past_due' | 'canceled' | 'trial_will_end';
export const ADVANCE_TARGETS: readonly AdvanceTarget[] = ['active', 'past_due', 'canceled', 'trial_will_end'];

/** Where the double's hosted pages live, and who hears its events. */
export interface StateOptions {
  baseUrl: () => string;
  catalogue: CatalogueEntry[];
  onEvent: (event: EventObject) => void;
  /** Called after anything in the state changed (the state file's writer listens). */
  onChange?: () => void;
}

/** Everything the double knows, as JSON: what the state file holds. */
export interface PersistedState {
  version: 1;
  objects: AnyStripeObject[];
  sessionTerms: Array<[string, SessionTerms]>;
  invoiceCounter: number;
}

/**
 * The double's memory: every object by id, and the operations that change them. Each change that Stripe
 * announces with an event emits that event (a snapshot of the object at that moment).
 */
export class StripeState {
  private readonly objects = new Map<string, AnyStripeObject>();
  private readonly sessionTerms = new Map<string, SessionTerms>();
  private readonly eventLog: EventObject[] = [];
  private invoiceCounter = 0;

  constructor(private readonly options: StateOptions) {
    const created = nowSeconds();
    for (const entry of options.catalogue) {
      const product: ProductObject = {
        id: entry.productId,
        object: 'product',
        active: true,
        name: entry.name,
        description: entry.description,
        default_price: entry.priceId,
        created,
        livemode: false,
        metadata: {},
      };
      const price: PriceObject = {
        id: entry.priceId,
        object: 'price',
        active: true,
        currency: entry.currency,
        unit_amount: entry.unitAmount,
        unit_amount_decimal: String(entry.unitAmount),
        product: entry.productId,
        recurring: { interval: entry.interval, interval_count: 1, usage_type: 'licensed' },
        type: 'recurring',
        nickname: null,
        lookup_key: null,
        created,
        livemode: false,
        metadata: {},
      };
      this.objects.set(product.id, product);
      this.objects.set(price.id, price);
    }
  }

  /** Any object by id (expansion and retrieval). */
  find(id: string): AnyStripeObject | undefined {
    return this.objects.get(id);
  }

  private get<T extends AnyStripeObject>(kind: T['object'], label: string, id: string, param = 'id'): T {
    const found = this.objects.get(id);
    if (!found || found.object !== kind) throw noSuch(label, id, param);
    return found as T;
  }

  price(id: string, param = 'id'): PriceObject {
    return this.get<PriceObject>('price', 'price', id, param);
  }
  product(id: string): ProductObject {
    return this.get<ProductObject>('product', 'product', id);
  }
  customer(id: string, param = 'id'): CustomerObject {
    return this.get<CustomerObject>('customer', 'customer', id, param);
  }
  paymentMethod(id: string): PaymentMethodObject {
    return this.get<PaymentMethodObject>('payment_method', 'payment_method', id);
  }
  checkoutSession(id: string): CheckoutSessionObject {
    return this.get<CheckoutSessionObject>('checkout.session', 'checkout.session', id);
  }
  subscription(id: string): SubscriptionObject {
    return this.get<SubscriptionObject>('subscription', 'subscription', id);
  }
  invoice(id: string): InvoiceObject {
    return this.get<InvoiceObject>('invoice', 'invoice', id);
  }
  portalSession(id: string): PortalSessionObject {
    return this.get<PortalSessionObject>('billing_portal.session', 'billing portal session', id);
  }
  event(id: string): EventObject {
    return this.get<EventObject>('event', 'event', id);
  }

  /** Every object of one kind, oldest first. */
  all<K extends AnyStripeObject['object']>(kind: K): Array<Extract<AnyStripeObject, { object: K }>> {
    return [...this.objects.values()].filter((o): o is Extract<AnyStripeObject, { object: K }> => o.object === kind);
  }

  /** Stores a new or changed object and tells the listener. */
  private put(object: AnyStripeObject): void {
    this.objects.set(object.id, object);
    this.options.onChange?.();
  }

  /** The whole state as JSON (see restore). */
  snapshot(): PersistedState {
    return {
      version: 1,
      objects: [...this.objects.values()],
      sessionTerms: [...this.sessionTerms.entries()],
      invoiceCounter: this.invoiceCounter,
    };
  }

  /**
   * Takes back a snapshot taken earlier (a restart). The catalogue given at construction wins over the
   * products and prices of the snapshot; events keep their order, and are not sent again.
   */
  restore(saved: PersistedState): void {
    for (const object of saved.objects) {
      const isCatalogue = (object.object === 'product' || object.object === 'price') && this.objects.has(object.id);
      if (!isCatalogue) this.objects.set(object.id, object);
      if (object.object === 'event') this.eventLog.push(object);
    }
    for (const [id, terms] of saved.sessionTerms) this.sessionTerms.set(id, terms);
    this.invoiceCounter = Math.max(this.invoiceCounter, saved.invoiceCounter);
  }

  /**
   * Creates the demo garages' customers, cards and subscriptions (see seed-subscriptions.ts) that the
   * state does not hold yet, without events: they exist as if made long ago. Answers how many were new.
   */
  seed(seeds: readonly SeedSubscription[]): { customers: number; subscriptions: number } {
    let customers = 0;
    let subscriptions = 0;
    for (const seed of seeds) {
      const price = this.price(seed.priceId);
      if (!this.objects.has(seed.paymentMethodId)) {
        this.put({
          id: seed.paymentMethodId,
          object: 'payment_method',
          type: 'card',
          card: { ...seed.card, display_brand: seed.card.brand, country: 'GB' },
          billing_details: { name: seed.cardholderName, email: seed.email },
          customer: seed.customerId,
          created: seed.created,
          livemode: false,
          metadata: {},
        });
      }
      if (!this.objects.has(seed.customerId)) {
        this.put({
          id: seed.customerId,
          object: 'customer',
          email: seed.email,
          name: seed.garageName,
          description: null,
          invoice_settings: { default_payment_method: seed.paymentMethodId },
          created: seed.created,
          livemode: false,
          metadata: { garage_id: seed.garageId },
        });
        customers += 1;
      }
      if (this.objects.has(seed.subscriptionId)) continue;
      this.put({
        id: seed.subscriptionId,
        object: 'subscription',
        customer: seed.customerId,
        status: seed.status,
        items: {
          object: 'list',
          data: [
            {
              id: seed.subscriptionItemId,
              object: 'subscription_item',
              price: copy(price),
              quantity: 1,
              subscription: seed.subscriptionId,
              current_period_start: seed.currentPeriodStart,
              current_period_end: seed.currentPeriodEnd,
              created: seed.created,
              metadata: {},
            },
          ],
          has_more: false,
          url: `/v1/subscription_items?subscription=${seed.subscriptionId}`,
        },
        currency: price.currency,
        collection_method: 'charge_automatically',
        billing_cycle_anchor: seed.trialEnd ?? seed.created,
        cancel_at_period_end: seed.cancelAtPeriodEnd,
        cancel_at: null,
        canceled_at: seed.canceledAt,
        ended_at: seed.endedAt,
        trial_start: seed.trialStart,
        trial_end: seed.trialEnd,
        start_date: seed.created,
        default_payment_method: seed.paymentMethodId,
        latest_invoice: null,
        description: null,
        created: seed.created,
        livemode: false,
        metadata: { garage_id: seed.garageId },
      });
      subscriptions += 1;
    }
    return { customers, subscriptions };
  }

  /** Every event emitted so far, oldest first. */
  events(): EventObject[] {
    return [...this.eventLog];
  }

  private emit(
    type: string,
    object: AnyStripeObject,
    previous?: Record<string, unknown>,
    requestId: string | null = null,
  ): void {
    const event: EventObject = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      type,
      created: nowSeconds(),
      data: previous ? { object: copy(object), previous_attributes: previous } : { object: copy(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: requestId, idempotency_key: null },
    };
    this.put(event);
    this.eventLog.push(event);
    this.options.onEvent(event);
  }

  createCustomer(input: {
    email: string | null;
    name: string | null;
    description: string | null;
    metadata: Metadata;
  }): CustomerObject {
    const customer: CustomerObject = {
      id: newId('cus'),
      object: 'customer',
      email: input.email,
      name: input.name,
      description: input.description,
      invoice_settings: { default_payment_method: null },
      created: nowSeconds(),
      livemode: false,
      metadata: input.metadata,
    };
    this.put(customer);
    this.emit('customer.created', customer);
    return customer;
  }

  updateCustomer(
    id: string,
    input: { email?: string | null; name?: string | null; metadata?: Metadata },
  ): CustomerObject {
    const customer = this.customer(id);
    if (input.email !== undefined) customer.email = input.email;
    if (input.name !== undefined) customer.name = input.name;
    if (input.metadata) customer.metadata = mergeMetadata(customer.metadata, input.metadata);
    this.emit('customer.updated', customer);
    return customer;
  }

  createCheckoutSession(input: {
    mode: CheckoutSessionObject['mode'];
    customerId: string | null;
    customerEmail: string | null;
    clientReferenceId: string | null;
    successUrl: string;
    cancelUrl: string | null;
    priceId: string;
    quantity: number;
    trialPeriodDays: number | null;
    subscriptionMetadata: Metadata;
    metadata: Metadata;
  }): CheckoutSessionObject {
    const price = this.price(input.priceId, 'line_items[0][price]');
    if (input.mode === 'subscription' && price.type !== 'recurring') {
      throw invalidParam(
        'line_items',
        'You must provide at least one recurring price in `subscription` mode when using prices.',
      );
    }
    const customer = input.customerId ? this.customer(input.customerId, 'customer') : null;
    const id = newId('cs_test');
    const created = nowSeconds();
    const session: CheckoutSessionObject = {
      id,
      object: 'checkout.session',
      mode: input.mode,
      status: 'open',
      payment_status: 'unpaid',
      customer: customer?.id ?? null,
      customer_email: input.customerEmail,
      customer_details: null,
      client_reference_id: input.clientReferenceId,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      url: `${this.options.baseUrl()}/checkout/${id}`,
      subscription: null,
      invoice: null,
      currency: price.currency,
      amount_subtotal: price.unit_amount * input.quantity,
      amount_total: price.unit_amount * input.quantity,
      expires_at: created + DAY,
      created,
      livemode: false,
      metadata: input.metadata,
    };
    this.put(session);
    this.sessionTerms.set(id, {
      priceId: price.id,
      quantity: input.quantity,
      trialPeriodDays: input.trialPeriodDays,
      subscriptionMetadata: input.subscriptionMetadata,
    });
    return session;
  }

  /** Expires an open checkout session: its page no longer takes payment. */
  expireCheckoutSession(id: string): CheckoutSessionObject {
    const session = this.checkoutSession(id);
    if (session.status !== 'open')
      throw invalidParam('session', `Only Checkout Sessions with a status of open can be expired.`);
    session.status = 'expired';
    session.url = null;
    this.options.onChange?.();
    return session;
  }

  /** What a checkout session sells: its price, quantity and trial. */
  termsOf(sessionId: string): SessionTerms & { price: PriceObject; product: ProductObject } {
    const terms = this.sessionTerms.get(sessionId);
    if (!terms) throw noSuch('checkout.session', sessionId);
    const price = this.price(terms.priceId);
    return { ...terms, price, product: this.product(price.product) };
  }

  /** The e-mail a checkout page shows: the customer's, else the one given to the session. */
  emailOf(session: CheckoutSessionObject): string | null {
    const customer = session.customer ? (this.find(session.customer) as CustomerObject | undefined) : undefined;
    return customer?.email ?? session.customer_email;
  }

  private createPaymentMethod(
    card: CardDetails,
    holder: { name: string; email: string | null },
    customerId: string,
  ): PaymentMethodObject {
    const paymentMethod: PaymentMethodObject = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      card: { ...card, display_brand: card.brand, country: 'GB' },
      billing_details: { name: holder.name, email: holder.email },
      customer: customerId,
      created: nowSeconds(),
      livemode: false,
      metadata: {},
    };
    this.put(paymentMethod);
    return paymentMethod;
  }

  private createInvoice(
    subscription: SubscriptionObject,
    input: {
      amount: number;
      status: InvoiceObject['status'];
      reason: InvoiceObject['billing_reason'];
      periodStart: number;
      periodEnd: number;
    },
  ): InvoiceObject {
    const item = subscription.items.data[0]!;
    const customer = this.customer(subscription.customer);
    this.invoiceCounter += 1;
    const id = newId('in');
    const invoice: InvoiceObject = {
      id,
      object: 'invoice',
      number: `LOCAL-${String(this.invoiceCounter).padStart(4, '0')}`,
      customer: customer.id,
      customer_email: customer.email,
      status: input.status,
      billing_reason: input.reason,
      currency: item.price.currency,
      amount_due: input.amount,
      amount_paid: input.status === 'paid' ? input.amount : 0,
      amount_remaining: input.status === 'paid' ? 0 : input.amount,
      attempt_count: input.amount > 0 ? 1 : 0,
      attempted: input.amount > 0,
      period_start: input.periodStart,
      period_end: input.periodEnd,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
      },
      lines: {
        object: 'list',
        data: [
          {
            id: newId('il'),
            object: 'line_item',
            amount: input.amount,
            currency: item.price.currency,
            description: input.amount === 0 ? 'Trial period' : `${item.quantity} × subscription`,
            quantity: item.quantity,
            period: { start: input.periodStart, end: input.periodEnd },
            pricing: { type: 'price_details', price_details: { price: item.price.id, product: item.price.product } },
          },
        ],
        has_more: false,
        url: `/v1/invoices/${id}/lines`,
      },
      hosted_invoice_url: null,
      created: nowSeconds(),
      livemode: false,
      metadata: {},
    };
    this.put(invoice);
    subscription.latest_invoice = id;
    return invoice;
  }

  /**
   * Pays an open checkout session with a card that passed the page's checks: creates the payment method,
   * the subscription (trialing when the session asked for a trial) and its first invoice, completes the
   * session, and emits checkout.session.completed, customer.subscription.created and invoice.paid.
   */
  payCheckoutSession(sessionId: string, card: CardDetails, holderName: string): CheckoutSessionObject {
    const session = this.checkoutSession(sessionId);
    if (session.status !== 'open') throw invalidParam('session', `This Checkout Session is ${session.status}.`);
    const terms = this.termsOf(sessionId);
    const email = this.emailOf(session);
    const customer = session.customer
      ? this.customer(session.customer)
      : this.createCustomer({ email, name: holderName, description: null, metadata: {} });
    const paymentMethod = this.createPaymentMethod(card, { name: holderName, email }, customer.id);
    customer.invoice_settings.default_payment_method = paymentMethod.id;

    const start = nowSeconds();
    const trialEnd = terms.trialPeriodDays ? start + terms.trialPeriodDays * DAY : null;
    const periodEnd = trialEnd ?? addInterval(start, terms.price.recurring?.interval ?? 'month', 1);
    const subscriptionId = newId('sub');
    const subscription: SubscriptionObject = {
      id: subscriptionId,
      object: 'subscription',
      customer: customer.id,
      status: trialEnd ? 'trialing' : 'active',
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: copy(terms.price),
            quantity: terms.quantity,
            subscription: subscriptionId,
            current_period_start: start,
            current_period_end: periodEnd,
            created: start,
            metadata: {},
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${subscriptionId}`,
      },
      currency: terms.price.currency,
      collection_method: 'charge_automatically',
      billing_cycle_anchor: periodEnd,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      start_date: start,
      default_payment_method: paymentMethod.id,
      latest_invoice: null,
      description: null,
      created: start,
      livemode: false,
      metadata: { ...terms.subscriptionMetadata },
    };
    this.put(subscription);
    const invoice = this.createInvoice(subscription, {
      amount: trialEnd ? 0 : terms.price.unit_amount * terms.quantity,
      status: 'paid',
      reason: 'subscription_create',
      periodStart: start,
      periodEnd: start,
    });

    session.status = 'complete';
    session.payment_status = trialEnd ? 'no_payment_required' : 'paid';
    session.customer = customer.id;
    session.customer_details = { email, name: holderName };
    session.subscription = subscriptionId;
    session.invoice = invoice.id;

    this.emit('checkout.session.completed', session);
    this.emit('customer.subscription.created', subscription);
    this.emit('invoice.paid', invoice);
    return session;
  }

  /** Updates what a customer may change on a subscription; emits customer.subscription.updated when anything changed. */
  updateSubscription(
    id: string,
    input: { cancelAtPeriodEnd?: boolean; metadata?: Metadata; defaultPaymentMethod?: string },
    requestId: string | null = null,
  ): SubscriptionObject {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled') {
      throw invalidParam('id', 'A canceled subscription can only update its cancellation_details and metadata.');
    }
    const previous: Record<string, unknown> = {};
    if (input.cancelAtPeriodEnd !== undefined && input.cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
      previous.cancel_at_period_end = subscription.cancel_at_period_end;
      previous.cancel_at = subscription.cancel_at;
      subscription.cancel_at_period_end = input.cancelAtPeriodEnd;
      subscription.cancel_at = input.cancelAtPeriodEnd ? subscription.items.data[0]!.current_period_end : null;
      subscription.canceled_at = input.cancelAtPeriodEnd ? nowSeconds() : null;
    }
    if (input.metadata) {
      previous.metadata = { ...subscription.metadata };
      subscription.metadata = mergeMetadata(subscription.metadata, input.metadata);
    }
    if (
      input.defaultPaymentMethod !== undefined &&
      input.defaultPaymentMethod !== subscription.default_payment_method
    ) {
      this.paymentMethod(input.defaultPaymentMethod);
      previous.default_payment_method = subscription.default_payment_method;
      subscription.default_payment_method = input.defaultPaymentMethod;
    }
    if (Object.keys(previous).length > 0) this.emit('customer.subscription.updated', subscription, previous, requestId);
    return subscription;
  }

  /** Replaces a subscription's card (the portal's "Update card"). */
  replaceCard(subscriptionId: string, card: CardDetails, holderName: string): SubscriptionObject {
    const subscription = this.subscription(subscriptionId);
    const customer = this.customer(subscription.customer);
    const paymentMethod = this.createPaymentMethod(card, { name: holderName, email: customer.email }, customer.id);
    customer.invoice_settings.default_payment_method = paymentMethod.id;
    return this.updateSubscription(subscriptionId, { defaultPaymentMethod: paymentMethod.id });
  }

  /** Cancels at once; emits customer.subscription.deleted. */
  cancelSubscription(id: string, requestId: string | null = null): SubscriptionObject {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled') {
      throw new StripeApiError(400, 'invalid_request_error', `No such subscription: '${id}'; it is already canceled.`, {
        code: 'resource_missing',
        param: 'id',
      });
    }
    const now = nowSeconds();
    subscription.status = 'canceled';
    subscription.canceled_at = subscription.canceled_at ?? now;
    subscription.ended_at = now;
    if (subscription.trial_end && subscription.trial_end > now) subscription.trial_end = now;
    this.emit('customer.subscription.deleted', subscription, undefined, requestId);
    return subscription;
  }

  private startNewPeriod(subscription: SubscriptionObject): { start: number; end: number } {
    const item = subscription.items.data[0]!;
    const start = nowSeconds();
    const end = addInterval(start, item.price.recurring?.interval ?? 'month', 1);
    item.current_period_start = start;
    item.current_period_end = end;
    subscription.billing_cycle_anchor = end;
    if (subscription.status === 'trialing') subscription.trial_end = start;
    return { start, end };
  }

  /**
   * Moves a subscription on, as time and the card would (control API, for tests and demos):
   * active (the trial ends or a retry succeeds: invoice.paid + customer.subscription.updated), past_due (the
   * renewal charge fails: invoice.payment_failed + customer.subscription.updated), canceled
   * (customer.subscription.deleted), trial_will_end (customer.subscription.trial_will_end, three days'
   * notice; nothing else changes).
   */
  advanceSubscription(id: string, to: AdvanceTarget): SubscriptionObject {
    const subscription = this.subscription(id);
    if (to === 'canceled') return this.cancelSubscription(id);
    if (subscription.status === 'canceled')
      throw invalidParam('id', 'This subscription is canceled and cannot be moved on.');
    if (to === 'trial_will_end') {
      if (subscription.status !== 'trialing')
        throw invalidParam('to', 'Only a trialing subscription has a trial that can end.');
      this.emit('customer.subscription.trial_will_end', subscription);
      return subscription;
    }
    const item = subscription.items.data[0]!;
    const amount = item.price.unit_amount * item.quantity;
    const previous = {
      status: subscription.status,
      trial_end: subscription.trial_end,
      items: copy(subscription.items),
    };
    if (to === 'active') {
      const reusable =
        subscription.status === 'past_due' && subscription.latest_invoice
          ? this.invoice(subscription.latest_invoice)
          : null;
      let invoice: InvoiceObject;
      if (reusable && reusable.status === 'open') {
        reusable.status = 'paid';
        reusable.amount_paid = reusable.amount_due;
        reusable.amount_remaining = 0;
        reusable.attempt_count += 1;
        invoice = reusable;
      } else {
        invoice = this.invoiceNewCycle(subscription, amount, 'paid');
      }
      subscription.status = 'active';
      this.emit('invoice.paid', invoice);
      this.emit('customer.subscription.updated', subscription, previous);
      return subscription;
    }
    const invoice = this.invoiceNewCycle(subscription, amount, 'open');
    subscription.status = 'past_due';
    this.emit('invoice.payment_failed', invoice);
    this.emit('customer.subscription.updated', subscription, previous);
    return subscription;
  }

  /** Starts the subscription's next period and invoices it, paid or left open when the charge failed. */
  private invoiceNewCycle(subscription: SubscriptionObject, amount: number, status: 'paid' | 'open'): InvoiceObject {
    const period = this.startNewPeriod(subscription);
    return this.createInvoice(subscription, {
      amount,
      status,
      reason: 'subscription_cycle',
      periodStart: period.start,
      periodEnd: period.end,
    });
  }

  createPortalSession(customerId: string, returnUrl: string | null): PortalSessionObject {
    this.customer(customerId, 'customer');
    const id = newId('bps');
    const session: PortalSessionObject = {
      id,
      object: 'billing_portal.session',
      customer: customerId,
      return_url: returnUrl,
      url: `${this.options.baseUrl()}/portal/${id}`,
      configuration: 'bpc_local_double',
      created: nowSeconds(),
      livemode: false,
    };
    this.put(session);
    return session;
  }

  /** The subscription a portal shows: the customer's newest one that has not ended, else its newest. */
  portalSubscription(customerId: string): SubscriptionObject | null {
    const mine = this.all('subscription').filter((s) => s.customer === customerId);
    const running = mine.filter((s) => s.status !== 'canceled' && s.status !== 'incomplete_expired');
    return running.at(-1) ?? mine.at(-1) ?? null;
  }
}

/** Stripe's metadata update: keys given an empty value are removed, the rest are set. */
export function mergeMetadata(current: Metadata, update: Metadata): Metadata {
  const merged = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
