/**
 * docs/product.md#permissions enforced on the server, through the gateway. First a matrix generated from the contract: every
 * operation of OPERATIONS (the served OpenAPI document must list exactly those), called by a visitor, a garage (its
 * owner) without a subscription, a garage with one, another garage (on what the first garage owns), a suspended garage,
 * a technician of the subscribed garage (docs/product.md#the-garages-team) and an admin.
 * What each caller gets is first read from the operation's `auth` (a visitor 401 where a token is needed, a role it
 * does not name 403, a role it names past the access checks), so an operation added to the contract is in the matrix
 * at once; the hand-kept rows (MATRIX) then pin exact answers and the finer rules (subscription, suspension,
 * ownership), and must agree with `auth`. Then the rules that need a closer look, call by call. Every 2xx answer on
 * the way, to any call, is parsed with its operation's response schema and must have its success status.
 */
import pg from 'pg';
import { SESSION_COOKIE, type TRecordExport } from '@sh/shared/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildOpenApiDocument, OPERATIONS, operationTable, type TOperation } from '@sh/shared/contract';
import { confirmEmailFromMail, logInThroughApi, registerGarage } from './support/api.js';
import { linkIn, waitForMail } from './support/mail.js';
import { seedAccounts, seedGarages, seedVehicles, tradingName, unregisteredCompanies } from './support/data.js';

type Caller = 'public' | 'garageWithout' | 'garageWith' | 'anotherGarage' | 'suspended' | 'technician' | 'admin';
/** The garage callers are garages' own accounts, their owners; 'technician' is a technician of garageWith's. */
const CALLERS: Caller[] = [
  'public',
  'garageWithout',
  'garageWith',
  'anotherGarage',
  'suspended',
  'technician',
  'admin',
];
const tokens: Partial<Record<Caller, string>> = {};
const ids: Partial<Record<Caller, string>> = {};
/** The sign-in of the garage without a subscription. */
let garageWithoutEmail = '';

async function api(
  method: string,
  path: string,
  caller: Caller,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<number> {
  const token = tokens[caller];
  const response = await fetch(`${inject('gatewayUrl')}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(text, `${method} ${path} as ${caller} answered ${response.status} with no envelope`).not.toBe('');
  const envelope = JSON.parse(text) as { status: number };
  expect(envelope.status).toBe(response.status);
  if (response.ok) checkSuccess(method, path, response.status, envelope);
  return response.status;
}

/** The calls of the contract as the gateway matches them, to find the operation a path is. */
const TABLE = operationTable(OPERATIONS);
/** The operations a real 2xx answer of was checked against their response schema, with how many answers. */
const schemaChecked = new Map<string, number>();

/**
 * A 2xx answer must be one of an operation's: its success status, and a body its response schema parses. Fails with
 * the operation's name and zod's issues.
 */
function checkSuccess(method: string, path: string, status: number, body: unknown): void {
  const match = TABLE.match(method, `/api/v1${path}`);
  if (!match) throw new Error(`${method} ${path} answered ${status}, but no operation of the contract declares it`);
  const operation = `${match.operation.method.toUpperCase()} ${match.operation.path}`;
  const parsed = match.operation.response.safeParse(body);
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(the body)'}: ${issue.message}`);
  expect({ operation, status, issues }).toEqual({
    operation,
    status: match.operation.successStatus ?? 200,
    issues: [],
  });
  schemaChecked.set(operation, (schemaChecked.get(operation) ?? 0) + 1);
}

beforeAll(async () => {
  const stamp = Date.now();
  await registerGarage(5, `matrix.a.${stamp}@example.co.uk`, 'Matrix2026');
  await registerGarage(6, `matrix.b.${stamp}@example.co.uk`, 'Matrix2026');
  garageWithoutEmail = `matrix.a.${stamp}@example.co.uk`;
  const without = await logInThroughApi(garageWithoutEmail, 'Matrix2026');
  // The garage without a subscription has confirmed its e-mail; the other garage has not.
  await confirmEmailFromMail(`matrix.a.${stamp}@example.co.uk`, without.id);
  const another = await logInThroughApi(`matrix.b.${stamp}@example.co.uk`, 'Matrix2026');
  const [subscribedGarage, garageToSuspend] = seedGarages.filter(
    (g) => g.id !== seedAccounts.garage.garage_id && g.subscription_status === 'active',
  );
  if (!subscribedGarage || !garageToSuspend)
    throw new Error('the seed needs two more garages with an active subscription');
  // A seeded garage with an active subscription; its password is unknown, so the admin (created at start-up
  // from ADMIN_EMAIL / ADMIN_PASSWORD) sets one, which is itself a call this matrix checks.
  const admin = await logInThroughApi(seedAccounts.admin.email, seedAccounts.admin.password);
  tokens.admin = admin.token;
  ids.admin = admin.id;
  expect(
    await api('PATCH', `/users/password/${subscribedGarage.id}`, 'admin', {
      password: 'Matrix2026',
      reason: 'Access matrix: a known password',
    }),
  ).toBe(200);
  const withSubscription = await logInThroughApi(subscribedGarage.email, 'Matrix2026');
  // The subscribed garage's owner invites a technician, who accepts from the mail (docs/product.md#the-garages-team).
  const technicianEmail = `matrix.technician.${stamp}@example.co.uk`;
  const invited = await fetch(`${inject('gatewayUrl')}/api/v1/garage-team/invitations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${withSubscription.token}` },
    body: JSON.stringify({ email: technicianEmail, name: 'Matrix Technician' }),
  });
  expect(invited.status).toBe(201);
  const invitation = await waitForMail(inject('inboxUrl'), technicianEmail, /invited to join a garage/);
  const accepted = await fetch(`${inject('gatewayUrl')}/api/v1/garage-team/invitations/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      token: new URL(linkIn(invitation, '/accept-invite')).searchParams.get('token'),
      password: 'Matrix2026',
    }),
  });
  expect(accepted.status).toBe(200);
  const technician = await logInThroughApi(technicianEmail, 'Matrix2026');
  // The suspended garage signs in while it still may; its access token outlives the suspension by minutes at most,
  // and every call it makes with it must still be refused where suspension matters.
  expect(
    await api('PATCH', `/users/password/${garageToSuspend.id}`, 'admin', {
      password: 'Matrix2026',
      reason: 'Access matrix: a known password',
    }),
  ).toBe(200);
  const suspended = await logInThroughApi(garageToSuspend.email, 'Matrix2026');
  Object.assign(tokens, {
    garageWithout: without.token,
    anotherGarage: another.token,
    garageWith: withSubscription.token,
    suspended: suspended.token,
    technician: technician.token,
  });
  Object.assign(ids, {
    garageWithout: without.id,
    anotherGarage: another.id,
    garageWith: withSubscription.id,
    suspended: suspended.id,
    technician: technician.id,
  });
  expect(
    await api('POST', `/garages/${suspended.id}/suspension`, 'admin', { reason: 'Access matrix: a suspended garage' }),
  ).toBe(200);
  await waitUntilHeard(suspended.id);
});

/**
 * Records, identity and billing learn of a suspension by event; the matrix waits until each has, as a garage's next
 * submit or its next page load would.
 */
async function waitUntilHeard(garageId: string): Promise<void> {
  const heardBy = [
    {
      service: 'records',
      databaseUrl: inject('recordsDatabaseUrl'),
      sql: 'SELECT 1 FROM garage_suspensions WHERE garage_id = $1 AND is_suspended',
    },
    {
      service: 'identity',
      databaseUrl: inject('identityDatabaseUrl'),
      sql: 'SELECT 1 FROM users WHERE id = $1 AND suspended_at IS NOT NULL',
    },
    {
      service: 'billing',
      databaseUrl: inject('billingDatabaseUrl'),
      sql: 'SELECT 1 FROM garage_suspensions WHERE garage_id = $1 AND is_suspended',
    },
  ];
  for (const { service, databaseUrl, sql } of heardBy) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const deadline = Date.now() + 15_000;
      while (!(await client.query(sql, [garageId])).rowCount) {
        if (Date.now() > deadline) throw new Error(`${service} never heard of the suspension`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await client.end();
    }
  }
}

/**
 * What a caller gets: a status, `allowed` (any answer but 401, 403 or a 5xx), `signed-in` (any answer but 401 or a
 * 5xx: a garage's own state, suspension, subscription or ownership, may still refuse it with 403) or `answered` (any
 * answer but a 5xx).
 */
type Expected = number | 'allowed' | 'signed-in' | 'answered';
const everyone = (status: Expected): Record<Caller, Expected> =>
  Object.fromEntries(CALLERS.map((c) => [c, status])) as Record<Caller, Expected>;
const signedIn = (status: Expected): Record<Caller, Expected> => ({ ...everyone(status), public: 401 });
/** Calls of a garage's owner alone ('garage'): its technician is refused. */
const garages = (status: Expected, overrides: Partial<Record<Caller, Expected>> = {}): Record<Caller, Expected> => ({
  ...signedIn(status),
  admin: 403,
  technician: 403,
  ...overrides,
});
/** Calls of a garage's team ('garage-team'): its owner or its technician. */
const team = (status: Expected, overrides: Partial<Record<Caller, Expected>> = {}): Record<Caller, Expected> =>
  garages(status, { technician: status, ...overrides });
const adminOnly = (status: Expected): Record<Caller, Expected> => ({ ...everyone(403), public: 401, admin: status });
/** Calls on what the first garage (garageWithout) owns: only it and the admin get past the role checks. */
const ownerAndAdmin = (status: Expected): Record<Caller, Expected> => ({
  ...everyone(403),
  public: 401,
  garageWithout: status,
  admin: status,
});

interface MatrixRow {
  /** The path with its parameters filled in. */
  path: () => string;
  body?: (caller: Caller) => unknown;
  /** Headers besides the caller's token (the session cookie and the SPA's header of refresh and logout). */
  headers?: Record<string, string>;
  expected: Record<Caller, Expected>;
}

/** A session cookie that is none of ours, with the header the SPA sends to refresh and logout. */
const UNKNOWN_SESSION_COOKIE = {
  cookie: `${SESSION_COOKIE.name}=not-a-refresh-token-of-ours`,
  [SESSION_COOKIE.csrfHeader]: SESSION_COOKIE.csrfHeaderValue,
};
/** The role each caller's token carries (none for the visitor). */
type Role = 'none' | 'garage' | 'technician' | 'admin';
const ROLE_OF: Record<Caller, Role> = {
  public: 'none',
  garageWithout: 'garage',
  garageWith: 'garage',
  anotherGarage: 'garage',
  suspended: 'garage',
  technician: 'technician',
  admin: 'admin',
};

/**
 * What an operation's `auth` alone says each caller gets. An `auth` the matrix does not know (a new role) throws, so
 * that the matrix is given a caller of that role before the operation ships.
 */
function expectedFromAuth(auth: TOperation['auth']): Record<Caller, Expected> {
  const byRole = (role: Role): Expected => {
    if (auth === 'public' || auth === 'stripe-signature') return 'answered';
    if (role === 'none') return 401;
    // A call only an API key makes: every access token is refused (the key's own row is in 'API keys' below).
    if (auth === 'api-key') return 403;
    if (auth !== 'signed-in' && auth !== 'garage' && auth !== 'garage-team' && auth !== 'admin')
      throw new Error(`the access matrix has no caller for auth '${String(auth)}'`);
    const isAllowed =
      auth === 'signed-in' || auth === role || (auth === 'garage-team' && (role === 'garage' || role === 'technician'));
    if (!isAllowed) return 403;
    return role === 'garage' || role === 'technician' ? 'signed-in' : 'allowed';
  };
  return Object.fromEntries(CALLERS.map((caller) => [caller, byRole(ROLE_OF[caller])])) as Record<Caller, Expected>;
}

/** Whether a hand-kept expectation is one that what `auth` says allows (an exact status within a derived range). */
function agrees(derived: Expected, kept: Expected): boolean {
  if (derived === kept) return true;
  if (typeof derived === 'number') return false;
  const widest = typeof kept === 'number' ? kept : { allowed: 200, 'signed-in': 403, answered: 401 }[kept];
  if (widest >= 500) return false;
  if (derived === 'answered') return true;
  if (derived === 'signed-in') return widest !== 401;
  return widest !== 401 && widest !== 403;
}

/** Whether an answer's status meets an expectation. */
function meets(expected: Expected, status: number): boolean {
  if (typeof expected === 'number') return status === expected;
  if (status >= 500) return false;
  if (expected === 'allowed') return status !== 401 && status !== 403;
  if (expected === 'signed-in') return status !== 401;
  return true;
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const newRecord = (caller: Caller) => ({
  vin: 'WBA8E9G50GNT00002',
  vehicle_registration: `MX${String(CALLERS.indexOf(caller)).padStart(2, '0')}AAB`,
  mileage: 15000,
  service_type: 'Oil & Filter Change',
  full_name: 'Matrix Mechanic',
  password: 'Matrix2026',
});
const seededRecordId = () => seedVehicles.find((v) => v.registration === 'AD61HCX')!.records[0]!.id;

/**
 * Every operation of the OpenAPI document, keyed "METHOD /path" as the document writes it. Bodies are chosen so that
 * a caller who gets past the access checks meets a harmless answer (a 400 for a missing reason, a 404 for an unknown
 * id), so that the matrix changes nothing it would need to undo.
 */
const MATRIX: Record<string, MatrixRow> = {
  'GET /service-records/lookup/{registration}': {
    path: () => '/service-records/lookup/AD61HCX',
    expected: everyone(200),
  },
  'GET /service-records/lookup-by-vin/{vin}': {
    path: () => `/service-records/lookup-by-vin/${seedVehicles.find((v) => v.registration === 'AD61HCX')!.vin}`,
    expected: everyone(200),
  },
  'GET /vehicles/{registration}': { path: () => '/vehicles/AD61HCX', expected: everyone(200) },
  'GET /service-records/verify/{registration}': {
    path: () => '/service-records/verify/AD61HCX',
    expected: everyone(200),
  },
  'GET /service-records/signing-key': { path: () => '/service-records/signing-key', expected: everyone(200) },
  'GET /platform-figures': { path: () => '/platform-figures', expected: everyone(200) },
  'GET /garage-profiles/{id}/services-logged': {
    path: () => `/garage-profiles/${seedAccounts.garage.garage_id}/services-logged`,
    expected: everyone(200),
  },
  'GET /service-records/vin/{registration}': { path: () => '/service-records/vin/AD61HCX', expected: team(200) },
  'POST /service-records/validate': {
    path: () => '/service-records/validate',
    body: () => ({ vin: 'WBA8E9G50GNT00002', vehicleRegistration: 'MX26AAB' }),
    expected: team(200),
  },
  // The technician signs with their own password, for the garage they work for (garageWith).
  'POST /service-records': {
    path: () => '/service-records',
    body: newRecord,
    expected: team(403, { garageWith: 201, technician: 201 }),
  },
  'GET /service-records/mine': { path: () => '/service-records/mine', expected: team(200, { suspended: 403 }) },
  // A format it does not make: a garage past the access checks meets a 400 envelope, not a download (which
  // 'lets a garage download its own records alone' below asks for).
  'GET /service-records/export': { path: () => '/service-records/export?format=xlsx', expected: garages(400) },
  // The import is the owner's (docs/product.md#importing-a-garages-history): a preview of a good file for a garage that
  // may add records, a refusal for one that may not; an import of no file is a 400 before anything is stored.
  'POST /service-records/import/preview': {
    path: () => '/service-records/import/preview',
    body: () => ({
      csv: 'registration,vin,service_date,mileage,service,notes,technician\nMX26IMP,WBA8E9G50GNT00002,2024-05-01,12000,MOT Test,,\n',
    }),
    expected: garages(403, { garageWith: 200 }),
  },
  'POST /service-records/import': { path: () => '/service-records/import', body: () => ({}), expected: garages(400) },
  'PATCH /service-records/{id}': {
    path: () => `/service-records/${seededRecordId()}`,
    body: () => ({ notes: 'matrix' }),
    expected: adminOnly(400),
  },
  'DELETE /service-records/{id}': {
    path: () => `/service-records/${seededRecordId()}`,
    body: () => ({}),
    expected: adminOnly(400),
  },
  'GET /admin/data': { path: () => '/admin/data?limit=5', expected: adminOnly(200) },
  'GET /admin/status': { path: () => '/admin/status', expected: adminOnly(200) },
  'POST /admin/events/{service}/{id}/retry': {
    path: () => `/admin/events/records/${UNKNOWN_ID}/retry`,
    expected: adminOnly(404),
  },
  'POST /garages/{id}/suspension': {
    path: () => `/garages/${ids.anotherGarage}/suspension`,
    body: () => ({}),
    expected: adminOnly(400),
  },
  'DELETE /garages/{id}/suspension': {
    path: () => `/garages/${ids.anotherGarage}/suspension`,
    body: () => ({}),
    expected: adminOnly(400),
  },
  'POST /auth/login': {
    path: () => '/auth/login',
    body: () => ({ email: 'nobody.matrix@example.co.uk', password: 'Wrong2026' }),
    expected: everyone(401),
  },
  'POST /auth/login/second-factor': {
    path: () => '/auth/login/second-factor',
    body: () => ({ challenge: 'not-a-challenge-of-ours', code: '123456' }),
    expected: everyone(401),
  },
  'POST /auth/refresh': { path: () => '/auth/refresh', headers: UNKNOWN_SESSION_COOKIE, expected: everyone(401) },
  'POST /auth/logout': { path: () => '/auth/logout', headers: UNKNOWN_SESSION_COOKIE, expected: everyone(200) },
  'GET /auth/me': { path: () => '/auth/me', expected: { ...signedIn(200), suspended: 403 } },
  'GET /auth/public-key': { path: () => '/auth/public-key', expected: everyone(200) },
  'POST /auth/forgot-password': {
    path: () => '/auth/forgot-password',
    body: () => ({ email: 'nobody.matrix@example.co.uk' }),
    expected: everyone(200),
  },
  'POST /auth/reset-password': {
    path: () => '/auth/reset-password',
    body: () => ({ token: 'not-a-reset-token', password: 'Matrix2026' }),
    expected: everyone(400),
  },
  'POST /users/confirm-email': {
    path: () => '/users/confirm-email',
    body: () => ({ token: 'not-a-confirmation-token' }),
    expected: everyone(400),
  },
  'POST /users/resend-confirmation': { path: () => '/users/resend-confirmation', expected: signedIn('allowed') },
  'PATCH /users/email/{id}': {
    path: () => `/users/email/${ids.garageWithout}`,
    body: () => ({ email: 'not an address' }),
    expected: ownerAndAdmin(400),
  },
  'POST /users/undo-email-change': {
    path: () => '/users/undo-email-change',
    body: () => ({ token: 'not-an-undo-token' }),
    expected: everyone(400),
  },
  'PATCH /users/password/{id}': {
    path: () => `/users/password/${ids.garageWithout}`,
    body: () => ({ password: 'short' }),
    expected: ownerAndAdmin(400),
  },
  'GET /users/second-factor': { path: () => '/users/second-factor', expected: { ...signedIn(200), suspended: 403 } },
  // A pending enrolment changes nothing until a code confirms it (and starting again replaces it).
  'POST /users/second-factor/enrolment': {
    path: () => '/users/second-factor/enrolment',
    expected: { ...signedIn(200), suspended: 403 },
  },
  'POST /users/second-factor/enrolment/confirm': {
    path: () => '/users/second-factor/enrolment/confirm',
    body: () => ({}),
    expected: signedIn(400),
  },
  'DELETE /users/second-factor': { path: () => '/users/second-factor', body: () => ({}), expected: signedIn(400) },
  'POST /companies/validate': { path: () => '/companies/validate', body: () => ({}), expected: everyone(400) },
  'POST /garages/check-duplicates': {
    path: () => '/garages/check-duplicates',
    body: () => ({ email: 'nobody.matrix@example.co.uk', companies_house_number: '99999999' }),
    expected: everyone(200),
  },
  'POST /garages/validate-referral': {
    path: () => '/garages/validate-referral',
    body: () => ({ referralCode: 'GAR-ZZZZ9999' }),
    expected: everyone(200),
  },
  'POST /garages': { path: () => '/garages', body: () => ({}), expected: everyone(400) },
  'GET /garages/me': { path: () => '/garages/me', expected: garages(200, { suspended: 403 }) },
  'POST /garages/{id}/release-company': {
    path: () => `/garages/${UNKNOWN_ID}/release-company`,
    expected: adminOnly(404),
  },
  'GET /garage-profiles': { path: () => '/garage-profiles?q=Harrogate', expected: everyone(200) },
  'GET /garage-profiles/{slug}': { path: () => '/garage-profiles/hartley-motors-ltd', expected: everyone(200) },
  // The demo garage has no logo: past the access checks, a 404.
  'GET /garage-profiles/{slug}/logo': {
    path: () => '/garage-profiles/hartley-motors-ltd/logo',
    expected: everyone(404),
  },
  // The owner alone (docs/product.md#garage-profiles): a technician 403, a visitor 401; the owner meets the body's 400.
  'PATCH /garages/me/profile': { path: () => '/garages/me/profile', body: () => ({}), expected: garages(400) },
  // A JSON body is no image: the owner meets the 415 (nothing is stored).
  'PUT /garages/me/logo': { path: () => '/garages/me/logo', body: () => ({}), expected: garages(415) },
  'PATCH /users/phone/{id}': {
    path: () => `/users/phone/${ids.garageWithout}`,
    body: () => ({ phone: 'not a phone' }),
    expected: ownerAndAdmin(400),
  },
  'GET /billing/plans': { path: () => '/billing/plans', expected: everyone(200) },
  'POST /stripe/create-checkout-session': {
    path: () => '/stripe/create-checkout-session',
    body: () => ({}),
    expected: garages(400, { suspended: 403 }),
  },
  'POST /stripe/webhook': {
    path: () => '/stripe/webhook',
    body: () => ({ type: 'checkout.session.completed' }),
    expected: everyone(400),
  },
  'GET /billing/subscription': { path: () => '/billing/subscription', expected: garages(200, { suspended: 403 }) },
  'POST /billing/subscription/sync': {
    path: () => '/billing/subscription/sync',
    body: () => ({ session_id: 'not a session' }),
    expected: garages(400, { suspended: 403 }),
  },
  'POST /billing/portal': { path: () => '/billing/portal', expected: garages('allowed', { suspended: 403 }) },
  'POST /contact': { path: () => '/contact', body: () => ({}), expected: everyone(400) },
  'POST /contact/garage': { path: () => '/contact/garage', body: () => ({}), expected: everyone(400) },
  // Service reminders: the customer's links need no sign-in (a token of no offer or reminder is a 400); a garage sees
  // its own setting and counts (a suspended one too: nothing in them is the customers'), an admin none.
  'POST /reminders/opt-in': { path: () => '/reminders/opt-in', body: () => ({}), expected: everyone(400) },
  'GET /reminders/unsubscribe': {
    path: () => `/reminders/unsubscribe?token=${'A'.repeat(43)}`,
    expected: everyone(400),
  },
  'POST /reminders/unsubscribe': {
    path: () => `/reminders/unsubscribe?token=${'A'.repeat(43)}`,
    body: () => ({ 'List-Unsubscribe': 'One-Click' }),
    expected: everyone(400),
  },
  'GET /reminders/garage': { path: () => '/reminders/garage', expected: garages(200) },
  // A garage's team (docs/product.md#the-garages-team): the owner's alone; accepting needs the mailed link's token.
  'GET /garage-team': { path: () => '/garage-team', expected: garages(200) },
  'POST /garage-team/invitations': { path: () => '/garage-team/invitations', body: () => ({}), expected: garages(400) },
  'DELETE /garage-team/{id}': { path: () => `/garage-team/${UNKNOWN_ID}`, expected: garages(404) },
  'POST /garage-team/invitations/accept': {
    path: () => '/garage-team/invitations/accept',
    body: () => ({ token: 'not-an-invitation', password: 'Matrix2026' }),
    expected: everyone(400),
  },
  // A key for garage systems: the owner's calls (a wrong password, so no key is made) and the key's own call, which
  // no access token may make (docs/architecture.md#api-keys; the calls made with a key are in 'API keys' below).
  'POST /api-keys': { path: () => '/api-keys', body: () => ({}), expected: garages(400, { suspended: 403 }) },
  'GET /api-keys': { path: () => '/api-keys', expected: garages(200, { suspended: 403 }) },
  'DELETE /api-keys/{id}': { path: () => `/api-keys/${UNKNOWN_ID}`, expected: garages(404, { suspended: 403 }) },
  'POST /service-records/by-api-key': {
    path: () => '/service-records/by-api-key',
    body: () => ({}),
    expected: { ...everyone(403), public: 401 },
  },
  'PATCH /reminders/garage': { path: () => '/reminders/garage', body: () => ({}), expected: garages(400) },
};

const nameOf = (op: TOperation) => `${op.method.toUpperCase()} ${op.path}`;
/** The OpenAPI document of the contract, for the path parameters' JSON schemas. */
const DOCUMENT = buildOpenApiDocument(OPERATIONS, { title: 'access matrix', version: '0' });

/**
 * A row for an operation no hand-kept row covers: its path parameters filled with an unknown id (a UUID parameter),
 * the first value it allows (an enum) or a registration, and an empty body where it takes one, so that a caller past
 * the access checks meets a harmless refusal.
 */
function derivedRow(op: TOperation): MatrixRow {
  const entry = DOCUMENT.paths[op.path]![op.method] as {
    parameters: { name: string; in: string; schema: { format?: string; enum?: unknown[] } }[];
  };
  let path = op.path;
  for (const { name, schema } of entry.parameters.filter((p) => p.in === 'path')) {
    const value = schema.format === 'uuid' ? UNKNOWN_ID : schema.enum?.length ? String(schema.enum[0]) : 'AD61HCX';
    path = path.replace(`{${name}}`, value);
  }
  return { path: () => path, ...(op.body ? { body: () => ({}) } : {}), expected: expectedFromAuth(op.auth) };
}

/** Every operation of the contract with its row: the hand-kept one where there is one, else the derived one. */
const ROWS = OPERATIONS.map((op) => ({
  operation: nameOf(op),
  op,
  row: MATRIX[nameOf(op)] ?? derivedRow(op),
  kept: nameOf(op) in MATRIX,
}));

describe('the access matrix, generated from the contract', () => {
  it('has a row for every operation the API documents and the contract lists, and none for one they do not', async () => {
    const document = (await (await fetch(`${inject('gatewayUrl')}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.length).toBeGreaterThan(40);
    expect(ROWS.map((r) => r.operation).sort()).toEqual([...documented].sort());
    expect(Object.keys(MATRIX).filter((operation) => !documented.includes(operation))).toEqual([]);
    const derivedOnly = ROWS.filter((r) => !r.kept).map((r) => r.operation);
    console.log(
      `[access matrix] ${ROWS.length} operations, ${ROWS.length - derivedOnly.length} with a hand-kept row; from auth alone: ${derivedOnly.join(', ') || 'none'}`,
    );
  });

  it("has hand-kept rows that agree with each operation's auth", () => {
    for (const { operation, op, row, kept } of ROWS) {
      if (!kept) continue;
      const derived = expectedFromAuth(op.auth);
      const disagreements = CALLERS.filter((caller) => !agrees(derived[caller], row.expected[caller])).map(
        (caller) =>
          `${caller}: auth '${op.auth}' says ${String(derived[caller])}, the row ${String(row.expected[caller])}`,
      );
      expect({ operation, disagreements }).toEqual({ operation, disagreements: [] });
    }
  });

  it.each(ROWS.map((r) => [r.operation, r] as const))(
    '%s answers every caller as docs/product.md#permissions says',
    async (operation, { row }) => {
      const method = operation.split(' ')[0]!;
      for (const caller of CALLERS) {
        const status = await api(method, row.path(), caller, row.body?.(caller), row.headers);
        const expected = row.expected[caller];
        expect({ caller, status, meets: meets(expected, status) }).toEqual({
          caller,
          status,
          meets: true,
          ...(typeof expected === 'number' ? { status: expected } : {}),
        });
      }
    },
  );
});

describe('API keys (docs/architecture.md#api-keys): what a key may call', () => {
  /** A call made with an API key in the bearer, as a garage system makes it. */
  async function withKey(key: string, method: string, path: string, body?: unknown): Promise<number> {
    const response = await fetch(`${inject('gatewayUrl')}/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as { status: number };
    expect(envelope.status).toBe(response.status);
    if (response.ok) checkSuccess(method, path, response.status, envelope);
    return response.status;
  }

  it('lets a key make the calls marked for it, answers 403 to every other call, and 401 once revoked', async () => {
    const made = await fetch(`${inject('gatewayUrl')}/api/v1/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.garageWith}` },
      body: JSON.stringify({ name: `Matrix system ${Date.now()}`, currentPassword: 'Matrix2026' }),
    });
    expect(made.status).toBe(201);
    const { data } = (await made.json()) as { data: { key: string; apiKey: { id: string } } };

    const answers = [];
    for (const { operation, op, row } of ROWS) {
      const status = await withKey(data.key, operation.split(' ')[0]!, row.path(), row.body?.('garageWith'));
      answers.push({ operation, status, meets: op.apiKey ? status !== 401 && status !== 403 : status === 403 });
    }
    expect(answers.filter((answer) => !answer.meets)).toEqual([]);
    expect(
      answers
        .filter((answer) => answer.status !== 403)
        .map((answer) => answer.operation)
        .sort(),
    ).toEqual(
      OPERATIONS.filter((op) => op.apiKey)
        .map(nameOf)
        .sort(),
    );

    const record = { ...newRecord('garageWith'), vehicle_registration: 'MX26KEY', technician: 'Matrix Technician' };
    const { full_name: _name, password: _password, ...keyRecord } = record;
    expect(await withKey(data.key, 'POST', '/service-records/by-api-key', keyRecord)).toBe(201);
    expect(await withKey(data.key, 'GET', '/service-records/mine')).toBe(200);

    expect(await api('DELETE', `/api-keys/${data.apiKey.id}`, 'garageWith')).toBe(200);
    expect(await withKey(data.key, 'GET', '/service-records/mine')).toBe(401);
    expect(await withKey(data.key, 'POST', '/service-records/by-api-key', keyRecord)).toBe(401);
    expect(await withKey(data.key, 'GET', '/garages/me')).toBe(401);
  });
});

describe('who may do what, call by call (docs/product.md#permissions)', () => {
  it('lets anyone search a vehicle history', async () => {
    for (const caller of ['public', 'garageWithout', 'garageWith', 'admin'] as Caller[]) {
      expect(await api('GET', '/service-records/lookup/AD61HCX', caller)).toBe(200);
    }
  });

  it("keeps a garage's phone to that garage (and the admin)", async () => {
    const target = () => `/users/phone/${ids.garageWithout}`;
    const body = { phone: '01632960999' };
    expect(await api('PATCH', target(), 'public', body)).toBe(401);
    expect(await api('PATCH', target(), 'anotherGarage', body)).toBe(403);
    expect(await api('PATCH', target(), 'garageWith', body)).toBe(403);
    expect(await api('PATCH', target(), 'garageWithout', body)).toBe(200);
    expect(await api('PATCH', target(), 'admin', { ...body, reason: 'Access matrix: the admin may' })).toBe(200);
  });

  it("keeps a user's e-mail and password to that user (and the admin)", async () => {
    const target = `/users/password/${ids.garageWithout}`;
    expect(await api('PATCH', target, 'public', { password: 'Another2026' })).toBe(401);
    expect(
      await api('PATCH', target, 'anotherGarage', { currentPassword: 'Matrix2026', password: 'Another2026' }),
    ).toBe(403);
    expect(
      await api('PATCH', `/users/email/${ids.garageWithout}`, 'anotherGarage', { email: 'taken@example.co.uk' }),
    ).toBe(403);
    expect(await api('PATCH', '/users/email/not-a-uuid', 'garageWithout', { email: 'x@example.co.uk' })).toBe(400);
  });

  it('lets only a garage with an active or trialing subscription add a service record', async () => {
    const record = (registration: string) => ({
      vin: 'WBA8E9G50GNT00001',
      vehicle_registration: registration,
      mileage: 12000,
      service_type: 'Oil & Filter Change',
      notes: null,
      full_name: 'Matrix Mechanic',
      password: 'Matrix2026',
    });
    expect(
      await api('POST', '/service-records/validate', 'public', {
        vin: 'WBA8E9G50GNT00001',
        vehicleRegistration: 'MX26AAA',
      }),
    ).toBe(401);
    expect(
      await api('POST', '/service-records/validate', 'admin', {
        vin: 'WBA8E9G50GNT00001',
        vehicleRegistration: 'MX26AAA',
      }),
    ).toBe(403);
    expect(
      await api('POST', '/service-records/validate', 'garageWithout', {
        vin: 'WBA8E9G50GNT00001',
        vehicleRegistration: 'MX26AAA',
      }),
    ).toBe(200);
    expect(await api('POST', '/service-records', 'public', record('MX26AAA'))).toBe(401);
    expect(
      await api('POST', '/service-records', 'admin', { ...record('MX26AAA'), password: seedAccounts.admin.password }),
    ).toBe(403);
    expect(await api('POST', '/service-records', 'garageWithout', record('MX26AAA'))).toBe(403);
    expect(await api('POST', '/service-records', 'anotherGarage', record('MX26AAA'))).toBe(403);
    expect(
      await api('POST', '/service-records', 'garageWith', { ...record('MX26AAA'), garage_id: ids.garageWithout }),
    ).toBe(403);
    expect(await api('POST', '/service-records', 'garageWith', record('MX26AAA'))).toBe(201);
    expect(await api('GET', '/service-records/lookup/MX26AAA', 'public')).toBe(200);
  });

  it('lets a garage download its own records alone, and not once suspended', async () => {
    const exportOf = (caller: Caller, format: string) =>
      fetch(`${inject('gatewayUrl')}/api/v1/service-records/export?format=${format}`, {
        headers: tokens[caller] ? { authorization: `Bearer ${tokens[caller]}` } : {},
      });
    expect(await api('GET', '/service-records/export?format=csv', 'public')).toBe(401);
    expect(await api('GET', '/service-records/export?format=csv', 'admin')).toBe(403);
    expect(await api('GET', '/service-records/export?format=json', 'suspended')).toBe(403);

    const csv = await exportOf('garageWith', 'csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="wrenchmark-records-[a-z0-9-]+\.csv"$/,
    );
    // A byte order mark, then the header row (fetch's text() would drop the mark).
    const head = Buffer.from(await csv.arrayBuffer())
      .subarray(0, 30)
      .toString('latin1');
    expect(head.startsWith('\xEF\xBB\xBFid,vehicle_registration,')).toBe(true);

    const json = await exportOf('garageWith', 'json');
    expect(json.headers.get('content-disposition')).toMatch(/\.json"$/);
    const exported = (await json.json()) as TRecordExport;
    checkSuccess('GET', '/service-records/export?format=json', json.status, exported);
    expect(exported.garage.id).toBe(ids.garageWith);
    // Exactly the garage's own records: those its list shows, and those withdrawn from it.
    const listed = new Set<string>();
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = await fetch(`${inject('gatewayUrl')}/api/v1/service-records/mine?limit=100${query}`, {
        headers: { authorization: `Bearer ${tokens.garageWith}` },
      });
      const body = (await page.json()) as { data: { serviceRecords: { id: string }[]; nextCursor: string | null } };
      for (const record of body.data.serviceRecords) listed.add(record.id);
      cursor = body.data.nextCursor;
    } while (cursor);
    expect(listed.size).toBeGreaterThan(0);
    expect(
      exported.records
        .filter((record) => record.withdrawn_at === null)
        .map((record) => record.id)
        .sort(),
    ).toEqual([...listed].sort());
    expect(exported.records.every((record) => record.receipt !== null)).toBe(true);

    // A garage with no records gets a valid empty file.
    const empty = (await (await exportOf('anotherGarage', 'json')).json()) as TRecordExport;
    expect({ garage: empty.garage.id, records: empty.records }).toEqual({ garage: ids.anotherGarage, records: [] });
  });

  it('lets only a garage start checkout or open billing, and never bills a subscribed garage twice', async () => {
    const origin = new URL(inject('gatewayUrl')).origin;
    const plans = (await (await fetch(`${inject('gatewayUrl')}/api/v1/billing/plans`)).json()) as {
      data: { products: { priceId: string }[] };
    };
    const checkout = {
      price_id: plans.data.products[0]!.priceId,
      mode: 'subscription',
      customerEmail: 'ignored@example.co.uk',
      success_url: `${origin}/checkout-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/checkout?canceled=true`,
    };
    expect(await api('POST', '/stripe/create-checkout-session', 'public', checkout)).toBe(401);
    expect(await api('POST', '/stripe/create-checkout-session', 'admin', checkout)).toBe(403);
    expect(await api('POST', '/stripe/create-checkout-session', 'garageWith', checkout)).toBe(409);
    expect(await api('POST', '/stripe/create-checkout-session', 'anotherGarage', checkout)).toBe(403);
    expect(await api('POST', '/stripe/create-checkout-session', 'garageWithout', checkout)).toBe(200);
    expect(await api('POST', '/billing/subscription/sync', 'public', { session_id: 'cs_test_matrix' })).toBe(401);
    expect(await api('POST', '/billing/subscription/sync', 'admin', { session_id: 'cs_test_matrix' })).toBe(403);
    expect(await api('POST', '/billing/subscription/sync', 'garageWithout', { session_id: 'not a session' })).toBe(400);
    expect(await api('POST', '/billing/portal', 'public')).toBe(401);
    expect(await api('POST', '/billing/portal', 'admin')).toBe(403);
    expect(await api('POST', '/billing/portal', 'garageWith')).toBe(200);
  });
});

describe('the response schemas, checked on real answers', () => {
  afterAll(() => {
    const unchecked = OPERATIONS.map(nameOf).filter((operation) => !schemaChecked.has(operation));
    console.log(
      `[access matrix] response schemas checked on real answers of ${schemaChecked.size} of ${OPERATIONS.length} operations; no 2xx answer here for: ${unchecked.join(', ') || 'none'}`,
    );
  });

  it('answers a success its schema parses to the harmless calls the matrix makes fail on purpose', async () => {
    expect(await api('POST', '/auth/login', 'public', { email: garageWithoutEmail, password: 'Matrix2026' })).toBe(200);
    const company = unregisteredCompanies[5]!;
    expect(
      await api('POST', '/companies/validate', 'public', {
        companyNumber: company.company_number,
        companyName: tradingName(company),
      }),
    ).toBe(200);
    expect(
      await api('POST', '/contact', 'public', {
        name: 'Matrix Visitor',
        email: 'matrix.visitor@example.co.uk',
        subject: 'feedback',
        message: 'The access matrix says hello.',
      }),
    ).toBe(200);
    expect(
      await api('POST', '/contact/garage', 'public', {
        full_name: 'Matrix Visitor',
        garage_name: 'Matrix Motors',
        best_time: 'morning',
        phone: '01632960111',
        message: null,
      }),
    ).toBe(201);
    const checkpoint = (await (
      await fetch(`${inject('gatewayUrl')}/api/v1/service-records/log/checkpoint`)
    ).json()) as { data: { treeSize: number } };
    const size = checkpoint.data.treeSize;
    expect(size).toBeGreaterThan(0);
    expect(await api('GET', `/service-records/log/checkpoint/${size}`, 'public')).toBe(200);
    expect(await api('GET', `/service-records/log/proof/inclusion?leaf=0&size=${size}`, 'public')).toBe(200);
    expect(await api('GET', `/service-records/log/proof/consistency?from=1&to=${size}`, 'public')).toBe(200);
    for (const operation of [
      'POST /auth/login',
      'POST /companies/validate',
      'POST /contact',
      'POST /contact/garage',
      'GET /service-records/log/checkpoint/{size}',
      'GET /service-records/log/proof/inclusion',
      'GET /service-records/log/proof/consistency',
    ]) {
      expect(schemaChecked.has(operation)).toBe(true);
    }
  });

  it('checked every operation that some caller of the matrix is to get a 2xx from', () => {
    const expectingSuccess = ROWS.filter(({ row }) =>
      CALLERS.some((caller) => {
        const expected = row.expected[caller];
        return typeof expected === 'number' && expected >= 200 && expected < 300;
      }),
    ).map((r) => r.operation);
    expect(expectingSuccess.length).toBeGreaterThan(20);
    expect(expectingSuccess.filter((operation) => !schemaChecked.has(operation))).toEqual([]);
  });
});
