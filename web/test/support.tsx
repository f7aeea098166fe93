import { render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { expect, vi } from 'vitest';
import type { TGarageSubscription, TPlanProduct, TSession as TApiSession, TUserType } from '@sh/shared/contract';
import { App } from '../src/App';
import { getAccessToken } from '../src/auth/access-token';
import { cacheUserType, writeStoredUser } from '../src/auth/session-storage';
import { preloadRoutePages } from '../src/route-pages';
import { readCookieSession, writeCookieSession } from './cookie-session';
import { recordUnroutedCall } from './unrouted-calls';

/** Test helpers shared by the web tests: an API double routed by "METHOD path", a stored session, the app. */

// The route pages load on first use (React.lazy). With their code loaded up front, renderApp shows the page
// at once, as every test here expects; test/app-frame.test.tsx covers the loading itself.
await preloadRoutePages();

export type TApiCall = {
  method: string;
  path: string;
  query: string;
  body: unknown;
  authorization: string | null;
  /** Every request header, names lower-cased. */
  headers: Record<string, string>;
};
export type TApiReply = { status: number; body: unknown } | Error;
export type TApiRoute = TApiReply | ((call: TApiCall, count: number) => TApiReply | Promise<TApiReply>);

/**
 * Stubs fetch with routes keyed by method and path under /api/v1 ("POST auth/login"; the query is not part
 * of the key). A call nobody routed fails the test (see test/setup.ts).
 */
export function mockApi(routes: Record<string, TApiRoute>) {
  const calls: TApiCall[] = [];
  const unrouted: string[] = [];
  const counts = new Map<string, number>();
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1\//, '');
    const method = init?.method ?? 'GET';
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: TApiCall = {
      method,
      path,
      query: url.search,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      authorization: headers.Authorization ?? null,
      headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])),
    };
    const key = `${method} ${path}`;
    // The refresh that restores storeSession's session on start is the browser's, not the page's: unless a test routes
    // auth/refresh itself, it is answered and not listed in `calls`.
    const cookieRoute = key in routes ? undefined : (cookieSessionRoute(key) ?? logPanelRoute(key));
    if (!cookieRoute) calls.push(call);
    const route = routes[key] ?? cookieRoute;
    if (!route) {
      unrouted.push(key);
      recordUnroutedCall(key);
      throw new Error(`No API route for ${key}`);
    }
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    const reply = typeof route === 'function' ? await route(call, count) : route;
    if (reply instanceof Error) throw reply;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    unrouted,
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}

/** A route that never answers (a request still in flight). */
export const pending: TApiRoute = () => new Promise<TApiReply>(() => {});

export function ok(data: unknown, message?: string): TApiReply {
  return { status: 200, body: { status: 200, ...(message ? { message } : {}), data } };
}

export function failure(
  status: number,
  code: string,
  message: string,
  errors?: Array<{ path: string; message: string }>,
): TApiReply {
  return { status, body: { status, code, message, ...(errors ? { errors } : {}) } };
}

export const GARAGE_USER = { id: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b', email: 'owner@hartleymotors.co.uk' };
export const ADMIN_USER = { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', email: 'admin@wrenchmark.co.uk' };
export const OTHER_USER = { id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b', email: 'someone@example.com' };

export function buildApiSession(
  user: { id: string; email: string },
  overrides: Partial<TApiSession> = {},
): TApiSession {
  return { access_token: 'access-1', expires_in: 900, user, ...overrides };
}

/** The data of a login or refresh answer. */
export function sessionAnswer(
  user: { id: string; email: string },
  userType: TUserType,
  overrides: Partial<TApiSession> = {},
) {
  return { session: buildApiSession(user, overrides), userType, emailConfirmed: true };
}

/**
 * The garage dashboard's panel on the public log asks for the log's latest checkpoint: unanswered, and not listed in
 * `calls`, unless a test routes it (test/log-witness.test.ts and the dashboard's own test do).
 */
function logPanelRoute(key: string): TApiRoute | undefined {
  return key === 'GET service-records/log/checkpoint' ? pending : undefined;
}

function cookieSessionRoute(key: string): TApiRoute | undefined {
  const session = readCookieSession();
  if (!session) return undefined;
  if (key === 'POST auth/refresh') return ok(sessionAnswer(session.user, session.userType, session.overrides));
  if (key === 'POST auth/logout') return ok({});
  return undefined;
}

/**
 * Leaves the browser as a login would: the stored user (and its type), and a session cookie, which the app's refresh on
 * start exchanges for the session (POST auth/refresh answers it unless the test routes that call itself).
 */
export function storeSession(
  user: { id: string; email: string },
  userType: TUserType,
  overrides: Partial<TApiSession> = {},
): void {
  cacheUserType(user.id, userType);
  writeStoredUser(user);
  writeCookieSession({ user, userType, overrides });
}

export const PLAN_PRODUCT: TPlanProduct = {
  name: 'Professional Plan',
  description: 'full access to all features',
  price: 3499,
  currency: 'gbp',
  interval: 'month',
  mode: 'subscription',
  priceId: 'price_professional_monthly',
  productId: 'prod_professional',
  trialDays: 14,
  features: ['Secure cloud storage', 'Unlimited service entries', 'Public vehicle search'],
};

export function buildSubscription(overrides: Partial<TGarageSubscription> = {}): TGarageSubscription {
  return {
    customer_id: null,
    subscription_id: null,
    subscription_status: 'inactive',
    price_id: null,
    current_period_start: null,
    current_period_end: null,
    trial_end: null,
    cancel_at_period_end: false,
    payment_method_brand: null,
    payment_method_last4: null,
    ...overrides,
  };
}

function CurrentLocation() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders the whole app (providers, layout, routes) at a URL, with the current location in data-testid="location". */
export function renderApp(url: string, extra?: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <App />
      <CurrentLocation />
      {extra}
    </MemoryRouter>,
  );
}

/**
 * Renders the app at `url` with the session storeSession left, and waits until the page load's refresh of the cookie
 * has restored it (as a browser does after a reload).
 */
export async function renderAppSignedIn(url: string, extra?: ReactNode) {
  const rendered = renderApp(url, extra);
  await waitFor(() => expect(getAccessToken()).not.toBeNull());
  return rendered;
}

export function currentLocation(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}
