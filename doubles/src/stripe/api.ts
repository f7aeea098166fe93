import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { decodeForm, listParam, metadataParam, objectParam, stringParam, type FormParams } from './form.js';
import { sendJson } from './http.js';
import {
  invalidParam,
  missingParam,
  StripeApiError,
  type AnyStripeObject,
  type CheckoutSessionObject,
  type CustomerObject,
} from './objects.js';
import { newId, type StripeState } from './state.js';

/** What an API handler answers with: the object or list to send (expansion is applied after). */
type ApiHandler = (params: FormParams, ids: string[], context: { requestId: string }) => unknown;

interface ApiRoute {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  handler: ApiHandler;
}

interface StoredResponse {
  fingerprint: string;
  status: number;
  body: unknown;
}

const SEGMENT = '([A-Za-z0-9_]+)';

function route(method: ApiRoute['method'], path: string, handler: ApiHandler): ApiRoute {
  return { method, pattern: new RegExp(`^${path.replaceAll(':id', SEGMENT)}$`), handler };
}

function list(url: string, data: unknown[], params: FormParams) {
  const limit = Math.min(Math.max(Number(stringParam(params, 'limit') ?? 10) || 10, 1), 100);
  return { object: 'list', data: data.slice(0, limit), has_more: data.length > limit, url };
}

function newestFirst<T extends { created: number }>(items: T[]): T[] {
  return [...items].reverse();
}

function optionalText(params: FormParams, key: string): string | null {
  const value = stringParam(params, key);
  return value === undefined || value === '' ? null : value;
}

function booleanParam(params: FormParams, key: string): boolean | undefined {
  const value = stringParam(params, key);
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalidParam(key, `Invalid boolean: ${value}`);
}

function integerParam(params: FormParams, key: string, min: number, max: number): number | undefined {
  const value = stringParam(params, key);
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!Number.isInteger(number)) throw invalidParam(key, `Invalid integer: ${value}`);
  if (number < min || number > max) throw invalidParam(key, `This value must be between ${min} and ${max}.`);
  return number;
}

function urlParam(params: FormParams, key: string): string | undefined {
  const value = stringParam(params, key);
  if (value === undefined) return undefined;
  if (!/^https?:\/\/\S+$/i.test(value)) throw invalidParam(key, 'Not a valid URL');
  return value;
}

/** Stripe's search query language, for the clauses billing could send: email:'..' and metadata['key']:'..'. */
function matchesSearch(customer: CustomerObject, query: string): boolean {
  const clauses = [...query.matchAll(/(\w+)(?:\['([^']+)'\])?\s*:\s*'((?:[^'\\]|\\.)*)'/g)];
  if (clauses.length === 0) throw invalidParam('query', `Invalid search query: ${query}`);
  return clauses.every(([, field, key, value]) => {
    if (field === 'email') return customer.email === value;
    if (field === 'metadata' && key) return customer.metadata[key] === value;
    if (field === 'name') return customer.name === value;
    throw invalidParam('query', `Field '${field}' is not searchable in the Stripe double.`);
  });
}

/** Replaces ids named by Stripe's `expand[]` paths (dotted, e.g. `subscription.default_payment_method`) with their objects. */
function expand(value: unknown, paths: string[], state: StripeState): unknown {
  const result = structuredClone(value);
  for (const path of paths) expandPath(result, path.split('.'), state);
  return result;
}

function expandPath(node: unknown, segments: string[], state: StripeState): void {
  if (!node || typeof node !== 'object' || segments.length === 0) return;
  const [head, ...rest] = segments as [string, ...string[]];
  const record = node as Record<string, unknown>;
  if (head === 'data' && Array.isArray(record.data)) {
    for (const item of record.data) expandPath(item, rest, state);
    return;
  }
  const current = record[head];
  if (typeof current === 'string') {
    const found = state.find(current);
    if (!found) return;
    record[head] = structuredClone(found);
  }
  expandPath(record[head], rest, state);
}

function expandList(params: FormParams): string[] {
  return listParam(params, 'expand').filter((p): p is string => typeof p === 'string');
}

/** The /v1 routes the double speaks: what billing calls, and their natural neighbours. */
function buildRoutes(state: StripeState): ApiRoute[] {
  return [
    route('POST', '/v1/customers', (p) =>
      state.createCustomer({
        email: optionalText(p, 'email'),
        name: optionalText(p, 'name'),
        description: optionalText(p, 'description'),
        metadata: metadataParam(p),
      }),
    ),
    route('GET', '/v1/customers/search', (p) => {
      const query = stringParam(p, 'query');
      if (!query) throw missingParam('query');
      const data = newestFirst(state.all('customer')).filter((c) => matchesSearch(c, query));
      return { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/customers/search' };
    }),
    route('GET', '/v1/customers', (p) => {
      const email = stringParam(p, 'email');
      const data = newestFirst(state.all('customer')).filter((c) => email === undefined || c.email === email);
      return list('/v1/customers', data, p);
    }),
    route('GET', '/v1/customers/:id', (_p, [id]) => state.customer(id!)),
    route('POST', '/v1/customers/:id', (p, [id]) =>
      state.updateCustomer(id!, {
        email: p.email === undefined ? undefined : optionalText(p, 'email'),
        name: p.name === undefined ? undefined : optionalText(p, 'name'),
        metadata: p.metadata === undefined ? undefined : metadataParam(p),
      }),
    ),
    route('POST', '/v1/checkout/sessions', (p) => createCheckoutSession(state, p)),
    route('GET', '/v1/checkout/sessions/:id', (_p, [id]) => state.checkoutSession(id!)),
    route('POST', '/v1/checkout/sessions/:id/expire', (_p, [id]) => state.expireCheckoutSession(id!)),
    route('GET', '/v1/subscriptions', (p) => {
      const customer = stringParam(p, 'customer');
      const status = stringParam(p, 'status');
      const data = newestFirst(state.all('subscription')).filter(
        (s) =>
          (customer === undefined || s.customer === customer) &&
          (status === undefined ? s.status !== 'canceled' : status === 'all' || s.status === status),
      );
      return list('/v1/subscriptions', data, p);
    }),
    route('GET', '/v1/subscriptions/:id', (_p, [id]) => state.subscription(id!)),
    route('POST', '/v1/subscriptions/:id', (p, [id], context) =>
      state.updateSubscription(
        id!,
        {
          cancelAtPeriodEnd: booleanParam(p, 'cancel_at_period_end'),
          metadata: p.metadata === undefined ? undefined : metadataParam(p),
          defaultPaymentMethod: stringParam(p, 'default_payment_method'),
        },
        context.requestId,
      ),
    ),
    route('DELETE', '/v1/subscriptions/:id', (_p, [id], context) => state.cancelSubscription(id!, context.requestId)),
    route('POST', '/v1/billing_portal/sessions', (p) => {
      const customer = stringParam(p, 'customer');
      if (!customer) throw missingParam('customer');
      return state.createPortalSession(customer, urlParam(p, 'return_url') ?? null);
    }),
    route('GET', '/v1/prices', (p) => {
      const product = stringParam(p, 'product');
      return list(
        '/v1/prices',
        newestFirst(state.all('price')).filter((price) => product === undefined || price.product === product),
        p,
      );
    }),
    route('GET', '/v1/prices/:id', (_p, [id]) => state.price(id!)),
    route('GET', '/v1/products', (p) => list('/v1/products', newestFirst(state.all('product')), p)),
    route('GET', '/v1/products/:id', (_p, [id]) => state.product(id!)),
    route('GET', '/v1/invoices', (p) => {
      const customer = stringParam(p, 'customer');
      const subscription = stringParam(p, 'subscription');
      const data = newestFirst(state.all('invoice')).filter(
        (i) =>
          (customer === undefined || i.customer === customer) &&
          (subscription === undefined || i.parent.subscription_details.subscription === subscription),
      );
      return list('/v1/invoices', data, p);
    }),
    route('GET', '/v1/invoices/:id', (_p, [id]) => state.invoice(id!)),
    route('GET', '/v1/payment_methods/:id', (_p, [id]) => state.paymentMethod(id!)),
    route('GET', '/v1/events', (p) => {
      const type = stringParam(p, 'type');
      return list(
        '/v1/events',
        newestFirst(state.events()).filter((e) => type === undefined || e.type === type),
        p,
      );
    }),
    route('GET', '/v1/events/:id', (_p, [id]) => state.event(id!)),
  ];
}

function createCheckoutSession(state: StripeState, p: FormParams): CheckoutSessionObject {
  const mode = stringParam(p, 'mode');
  if (!mode) throw missingParam('mode');
  if (mode !== 'subscription') throw invalidParam('mode', 'The local Stripe double supports only `subscription` mode.');
  const successUrl = urlParam(p, 'success_url');
  if (!successUrl) throw missingParam('success_url');
  const lineItems = listParam(p, 'line_items');
  const first = lineItems[0];
  if (!first || typeof first !== 'object' || Array.isArray(first)) throw missingParam('line_items');
  if (lineItems.length > 1) throw invalidParam('line_items', 'The local Stripe double supports one line item.');
  const priceId = stringParam(first, 'price');
  if (!priceId) throw missingParam('line_items[0][price]');
  const quantity = integerParam(first, 'quantity', 1, 999_999) ?? 1;
  const customerId = optionalText(p, 'customer');
  const customerEmail = optionalText(p, 'customer_email');
  if (customerId && customerEmail) {
    throw invalidParam('customer_email', 'You may only specify one of these parameters: customer, customer_email.');
  }
  const clientReferenceId = optionalText(p, 'client_reference_id');
  if (clientReferenceId && clientReferenceId.length > 200)
    throw invalidParam('client_reference_id', 'client_reference_id is too long.');
  const subscriptionData = objectParam(p, 'subscription_data');
  const trialPeriodDays = integerParam(subscriptionData, 'trial_period_days', 1, 730) ?? null;
  return state.createCheckoutSession({
    mode,
    customerId,
    customerEmail,
    clientReferenceId,
    successUrl,
    cancelUrl: urlParam(p, 'cancel_url') ?? null,
    priceId,
    quantity,
    trialPeriodDays,
    subscriptionMetadata: metadataParam(subscriptionData),
    metadata: metadataParam(p),
  });
}

const TEST_KEY = /^sk_test_[A-Za-z0-9_]+$/;

/** The secret key of a request: `Authorization: Bearer sk_test_...`, or Basic with the key as user name (curl -u). */
function apiKeyOf(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value = ''] = header.split(' ', 2);
  const key = scheme?.toLowerCase() === 'basic' ? Buffer.from(value, 'base64').toString('utf8').split(':')[0] : value;
  return (scheme?.toLowerCase() === 'bearer' || scheme?.toLowerCase() === 'basic') && key && TEST_KEY.test(key)
    ? key
    : null;
}

/**
 * Serves one /v1 request the way Stripe does: a Bearer sk_test_ key, form-encoded parameters (query string
 * for GET), Idempotency-Key replay for POST, JSON objects with `object` fields, errors as { error: {...} }.
 */
export function createApiHandler(state: StripeState) {
  const routes = buildRoutes(state);
  const idempotent = new Map<string, StoredResponse>();

  return async (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    rawQuery: string,
    body: string,
  ): Promise<void> => {
    const requestId = newId('req');
    const headers = { 'request-id': requestId, 'stripe-version': Stripe.API_VERSION };
    const fail = (error: StripeApiError) => sendJson(res, error.status, error.toJSON(), headers);

    const key = apiKeyOf(req.headers.authorization);
    if (!key) {
      const given = req.headers.authorization ? 'Invalid API Key provided.' : 'You did not provide an API key.';
      fail(
        new StripeApiError(
          401,
          'invalid_request_error',
          `${given} The local Stripe double accepts test keys (sk_test_...) only.`,
        ),
      );
      return;
    }
    const method = req.method ?? 'GET';
    const matched = routes
      .filter((r) => r.method === method)
      .map((r) => ({ r, match: r.pattern.exec(path) }))
      .find((m) => m.match);
    if (!matched) {
      fail(new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`));
      return;
    }
    const params: FormParams = { ...decodeForm(rawQuery), ...(method === 'GET' ? {} : decodeForm(body)) };
    const idempotencyKey = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const storeKey = typeof idempotencyKey === 'string' ? `${key}:${idempotencyKey}` : null;
    const fingerprint = `${method} ${path} ${JSON.stringify(params)}`;
    if (storeKey) {
      const stored = idempotent.get(storeKey);
      if (stored && stored.fingerprint !== fingerprint) {
        fail(
          new StripeApiError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(idempotencyKey)}' if you meant to execute a different request.`,
          ),
        );
        return;
      }
      if (stored) {
        sendJson(res, stored.status, stored.body, {
          ...headers,
          'idempotent-replayed': 'true',
          'original-request': requestId,
        });
        return;
      }
    }
    try {
      const result = matched.r.handler(params, matched.match!.slice(1), { requestId });
      const answer = expand(result as AnyStripeObject, expandList(params), state);
      if (storeKey) idempotent.set(storeKey, { fingerprint, status: 200, body: answer });
      sendJson(res, 200, answer, headers);
    } catch (error) {
      if (error instanceof StripeApiError) {
        fail(error);
        return;
      }
      fail(new StripeApiError(500, 'api_error', `The local Stripe double failed: ${(error as Error).message}`));
    }
  };
}
