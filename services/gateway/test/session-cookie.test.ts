import {
  MESSAGES,
  OPERATIONS,
  SESSION_COOKIE,
  ZErrorEnvelopeSchema,
  ZSignedInResponseSchema,
} from '@sh/shared/contract';
import { createRequestRedis, createTokenVerifier, type Redis } from '@sh/shared/server';
import {
  callJson,
  callWithSessionCookie,
  createIdentityUser,
  listenForTest,
  refreshTokenOf,
  sessionCookiesOf,
  startServiceProcess,
  testLogger,
  testQueuePrefix,
  TEST_KEY_PAIR,
  TEST_REDIS_URL,
  type ServiceProcess,
} from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewayApp } from '../src/routes/app.js';
import { operationTable } from '@sh/shared/contract';

// The session cookie as the browser sees it: identity sets it behind the gateway, which forwards paths unchanged, so
// the cookie's paths are the gateway's public paths of refresh and logout.
const TEST_INTERNAL_TOKEN = 'gateway-session-test-internal-token';
/** Identity as its own process, on its own database, signing with the shared test key pair. */
let identity: ServiceProcess;
let redis: Redis;
let gateway: { url: string; close(): Promise<void> };

beforeAll(async () => {
  identity = await startServiceProcess('identity', { env: { INTERNAL_TOKEN: TEST_INTERNAL_TOKEN } });
  redis = createRequestRedis(TEST_REDIS_URL);
  gateway = await listenForTest(
    buildGatewayApp({
      logger: testLogger,
      redis,
      verifier: createTokenVerifier({ publicKey: TEST_KEY_PAIR.publicKey }),
      upstreams: { identity: identity.url },
      budgets: { apiPerMinute: 1000, lookupPerMinute: 100, authPerMinute: 1000 },
      rateLimitPrefix: testQueuePrefix(),
      webDist: '/nonexistent',
      trustProxy: false,
      upstreamTimeoutMs: 5000,
      internalToken: TEST_INTERNAL_TOKEN,
    }),
  );
});

afterAll(async () => {
  await gateway?.close();
  await identity?.stop();
  redis?.disconnect();
});

async function signIn() {
  const user = await createIdentityUser(identity.url, TEST_INTERNAL_TOKEN);
  await identity.db!.pool.query('UPDATE users SET email_confirmed_at = now() WHERE id = $1', [user.id]);
  const answer = await callJson(gateway.url, 'POST', '/api/v1/auth/login', {
    body: { email: user.email, password: user.password },
  });
  expect(answer.status).toBe(200);
  return { user, answer };
}

describe('the session cookie through the gateway', () => {
  it('is set by sign-in as HttpOnly, Secure, SameSite=Strict, for the public refresh and logout paths only, for 30 days, and the body holds no refresh token', async () => {
    const { user, answer } = await signIn();
    const cookies = sessionCookiesOf(answer.headers);
    expect(cookies.map((cookie) => cookie.attributes.path)).toEqual(['/api/v1/auth/refresh', '/api/v1/auth/logout']);
    for (const cookie of cookies) {
      expect(cookie.attributes).toMatchObject({
        httponly: true,
        secure: true,
        samesite: 'Strict',
        'max-age': '2592000',
      });
      expect(cookie.attributes.domain).toBeUndefined();
      expect(operationTable(OPERATIONS).match('POST', String(cookie.attributes.path))?.operation.service).toBe(
        'identity',
      );
    }
    const refreshToken = refreshTokenOf(answer.headers);
    expect(JSON.stringify(answer.body)).not.toContain(refreshToken);
    expect(ZSignedInResponseSchema.parse(answer.body).data.session.user.id).toBe(user.id);
    expect(Object.keys((answer.body.data as { session: object }).session).sort()).toEqual([
      'access_token',
      'expires_in',
      'user',
    ]);
  });

  it('refreshes with the cookie and the header, rotating the cookie; the old cookie then revokes the family', async () => {
    const { answer } = await signIn();
    const first = refreshTokenOf(answer.headers);
    const refreshed = await callWithSessionCookie(gateway.url, '/api/v1/auth/refresh', first);
    expect(refreshed.status).toBe(200);
    expect(ZSignedInResponseSchema.parse(refreshed.body).message).toBe(MESSAGES.identity.refreshSuccess);
    const second = refreshTokenOf(refreshed.headers);
    expect(second).not.toBe(first);
    expect(
      sessionCookiesOf(refreshed.headers).every(
        (cookie) => cookie.attributes.httponly === true && cookie.attributes['max-age'] === '2592000',
      ),
    ).toBe(true);
    expect(JSON.stringify(refreshed.body)).not.toContain(second);

    // Reuse detection: the spent cookie comes back, the whole family ends, the newest cookie with it.
    expect((await callWithSessionCookie(gateway.url, '/api/v1/auth/refresh', first)).status).toBe(401);
    expect((await callWithSessionCookie(gateway.url, '/api/v1/auth/refresh', second)).status).toBe(401);
  });

  it("refuses a refresh without the SPA's header with 403, and one without a cookie with 401, both in the envelope", async () => {
    const { answer } = await signIn();
    const withoutHeader = await callWithSessionCookie(
      gateway.url,
      '/api/v1/auth/refresh',
      refreshTokenOf(answer.headers),
      { withHeader: false },
    );
    expect(withoutHeader.status).toBe(403);
    expect(ZErrorEnvelopeSchema.parse(withoutHeader.body)).toEqual({
      status: 403,
      code: 'session_header_missing',
      message: MESSAGES.identity.sessionHeaderMissing,
    });
    const withoutCookie = await callWithSessionCookie(gateway.url, '/api/v1/auth/refresh', null);
    expect(withoutCookie.status).toBe(401);
    expect(ZErrorEnvelopeSchema.parse(withoutCookie.body)).toMatchObject({
      code: 'unauthorized',
      message: MESSAGES.identity.sessionExpired,
    });
    // The refused call spent nothing: the cookie still refreshes.
    expect(
      (await callWithSessionCookie(gateway.url, '/api/v1/auth/refresh', refreshTokenOf(answer.headers))).status,
    ).toBe(200);
  });

  it('clears the cookie on logout and the session no longer refreshes', async () => {
    const { answer } = await signIn();
    const refreshToken = refreshTokenOf(answer.headers);
    const loggedOut = await callWithSessionCookie(gateway.url, '/api/v1/auth/logout', refreshToken);
    expect(loggedOut.status).toBe(200);
    const cleared = sessionCookiesOf(loggedOut.headers);
    expect(cleared.map((cookie) => [cookie.value, cookie.attributes.path])).toEqual(
      SESSION_COOKIE.paths.map((path) => ['', path]),
    );
    for (const cookie of cleared) expect(Date.parse(String(cookie.attributes.expires))).toBeLessThanOrEqual(Date.now());
    expect((await callWithSessionCookie(gateway.url, '/api/v1/auth/refresh', refreshToken)).status).toBe(401);
  });

  it('is documented in the OpenAPI document: refresh and logout take the header and the cookie, and no body', async () => {
    const document = (await (await fetch(`${gateway.url}/api/v1/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<string, { parameters: { name: string; in: string; required: boolean }[]; requestBody?: unknown }>
      >;
    };
    for (const path of ['/auth/refresh', '/auth/logout']) {
      const operation = document.paths[path]!.post!;
      expect(operation.requestBody).toBeUndefined();
      expect(operation.parameters).toEqual([
        expect.objectContaining({ name: SESSION_COOKIE.csrfHeader, in: 'header', required: true }),
        expect.objectContaining({ name: SESSION_COOKIE.name, in: 'cookie', required: false }),
      ]);
    }
  });
});
