import { forwardedTarget, OPERATIONS, operationTable, type TOperation } from '@sh/shared/contract';
import { LINEAR_GROWTH_AT_MOST, timeGrowthOverTenfold } from '@sh/shared/testing';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { isApiTarget, isForbiddenPath, isServerBundlePath, needsToken } from './routing.js';

const table = operationTable(OPERATIONS);
const nameOf = (method: string, rawUrl: string) => {
  const match = table.match(method, rawUrl);
  return match && `${match.operation.method.toUpperCase()} ${match.operation.path}`;
};

/** A made-up operation: only what routing reads is chosen. */
const made = (method: TOperation['method'], path: string, extra: Partial<TOperation> = {}): TOperation => ({
  method,
  path,
  operationId: 'madeUp',
  summary: 'made up',
  tag: 'Test',
  auth: 'public',
  service: 'records',
  budget: 'general',
  response: z.object({}),
  ...extra,
});

describe('the operation table, built from the contract', () => {
  it('matches each operation on its own path and on no other operation', () => {
    for (const op of OPERATIONS) {
      const path = `/api/v1${op.path.replace(/\{[^}]+\}/g, '4a0d9c6e-5a8e-4a43-8f43-1f1c2b7a9d10')}`;
      expect(table.match(op.method.toUpperCase(), path)?.operation).toBe(op);
    }
  });

  it('sends each call to the service its entry names, with the token check and budget its entry says', () => {
    const decisions = (method: string, path: string) => {
      const { operation } = table.match(method, path)!;
      return { service: operation.service, token: needsToken(operation), budget: operation.budget };
    };
    expect(decisions('GET', '/api/v1/service-records/lookup/AB12CDE')).toEqual({
      service: 'records',
      token: false,
      budget: 'lookup',
    });
    expect(decisions('GET', '/api/v1/vehicles/AB12CDE')).toEqual({
      service: 'records',
      token: false,
      budget: 'lookup',
    });
    expect(decisions('POST', '/api/v1/auth/login')).toEqual({
      service: 'identity',
      token: false,
      budget: 'credentials',
    });
    expect(decisions('GET', '/api/v1/auth/me')).toEqual({ service: 'identity', token: true, budget: 'general' });
    expect(decisions('PATCH', '/api/v1/users/phone/4a0d9c6e-5a8e-4a43-8f43-1f1c2b7a9d10')).toEqual({
      service: 'garages',
      token: true,
      budget: 'general',
    });
    expect(decisions('PATCH', '/api/v1/users/email/4a0d9c6e-5a8e-4a43-8f43-1f1c2b7a9d10')).toEqual({
      service: 'identity',
      token: true,
      budget: 'general',
    });
    expect(decisions('POST', '/api/v1/stripe/webhook')).toEqual({ service: 'billing', token: false, budget: 'none' });
    expect(decisions('GET', '/api/v1/admin/data')).toEqual({ service: 'gateway', token: true, budget: 'general' });
    // identity checks these tokens itself: an admin's enrolment-only token is good there and nowhere else.
    expect(decisions('POST', '/api/v1/users/second-factor/enrolment/confirm')).toEqual({
      service: 'identity',
      token: false,
      budget: 'credentials',
    });
    expect(decisions('DELETE', '/api/v1/users/second-factor')).toEqual({
      service: 'identity',
      token: true,
      budget: 'general',
    });
  });

  it('takes HEAD as GET, as express does, and nothing for a method the path is not declared with', () => {
    expect(nameOf('HEAD', '/api/v1/billing/plans')).toBe('GET /billing/plans');
    expect(nameOf('POST', '/api/v1/billing/plans')).toBeNull();
    expect(nameOf('OPTIONS', '/api/v1/auth/login')).toBeNull();
    expect(nameOf('PUT', '/api/v1/service-records/4a0d9c6e-5a8e-4a43-8f43-1f1c2b7a9d10')).toBeNull();
  });

  it('prefers a literal segment to a parameter, whatever the order of the list', () => {
    const mine = made('get', '/things/mine', { auth: 'garage', service: 'garages' });
    const byId = made('get', '/things/{id}', { auth: 'admin', service: 'records' });
    for (const list of [
      [mine, byId],
      [byId, mine],
    ]) {
      const own = operationTable(list);
      expect(own.match('GET', '/api/v1/things/MINE')?.operation).toBe(mine);
      expect(own.match('GET', '/api/v1/things/other')?.operation).toBe(byId);
    }
  });

  it('refuses a list with one call twice, or a path whose parameter is not a whole segment', () => {
    expect(() => operationTable([made('get', '/things/{id}'), made('get', '/things/{name}')])).toThrow(/listed twice/);
    expect(() => operationTable([made('get', '/things/{id}.json')])).toThrow(/segment/);
    expect(() => operationTable([made('get', '/things/../admin')])).toThrow(/segment/);
    expect(
      operationTable([made('get', '/things/{id}'), made('post', '/things/{id}')]).match('POST', '/api/v1/things/1')
        ?.operation.method,
    ).toBe('post');
  });
});

describe('paths as express routes them in the services (case-insensitive, not strict)', () => {
  it('matches the lookup of a registration in lower case, its case kept for records to normalise', () => {
    const match = table.match('GET', '/api/v1/service-records/lookup/ab12cde');
    expect(match?.operation.path).toBe('/service-records/lookup/{registration}');
    expect(match?.params).toEqual({ registration: 'ab12cde' });
    expect(match?.forwardedUrl).toBe('/api/v1/service-records/lookup/ab12cde');
  });

  it('folds the case of literal segments, A to Z only', () => {
    expect(nameOf('GET', '/API/V1/Service-Records/LOOKUP/ab12cde')).toBe('GET /service-records/lookup/{registration}');
    expect(nameOf('GET', '/api/v1/AUTH/ME')).toBe('GET /auth/me');
    // The Kelvin sign lower-cases to k in JavaScript, but express's case-insensitive match does not take it for one.
    expect(nameOf('POST', '/api/v1/garages/chec\u212a-duplicates')).toBeNull();
  });

  it('allows one trailing slash, and takes a run of them as one, as the proxy forwards it', () => {
    expect(nameOf('GET', '/api/v1/auth/me/')).toBe('GET /auth/me');
    expect(table.match('GET', '/api/v1/service-records/lookup/AB12CDE//')?.forwardedUrl).toBe(
      '/api/v1/service-records/lookup/AB12CDE/',
    );
    // Without its registration the lookup is no call of the contract: records' own 400 for it is not reached.
    expect(nameOf('GET', '/api/v1/service-records/lookup/')).toBeNull();
    expect(nameOf('GET', '/api/v1/service-records/lookup')).toBeNull();
  });

  it('folds double slashes and backslashes as the proxy does before the service sees the path', () => {
    expect(table.match('GET', '/api/v1//service-records//lookup/AB12CDE?x=1')?.forwardedUrl).toBe(
      '/api/v1/service-records/lookup/AB12CDE?x=1',
    );
    expect(table.match('GET', '/api/v1\\auth\\me')?.forwardedUrl).toBe('/api/v1/auth/me');
    expect(forwardedTarget('//api///v1/auth/me?next=//x#part')).toEqual({
      path: '/api/v1/auth/me',
      query: '?next=//x',
    });
    expect(forwardedTarget('/api/v1/auth/me#x?y')).toEqual({ path: '/api/v1/auth/me', query: '' });
  });

  it('takes an encoded slash for part of a parameter, and an encoded letter for no literal', () => {
    const match = table.match('GET', '/api/v1/service-records/lookup/AB%2F12');
    expect(match?.params).toEqual({ registration: 'AB%2F12' });
    expect(nameOf('GET', '/api/v1/service-records%2Flookup/AB12')).toBeNull();
    expect(nameOf('GET', '/api/v1/service-records/%6Cookup/AB12CDE')).toBeNull();
    expect(nameOf('GET', '/api/v1/%61dmin/data')).toBeNull();
  });

  it('keeps dot-segments from the services: the gateway refuses them before matching, however encoded', () => {
    for (const path of [
      '/api/v1/service-records/lookup/..',
      '/api/v1/auth/../auth/me',
      '/api/v1/service-records/lookup/%2e%2e',
      '/api/v1/users/email/.%252e',
      '/api/v1/./auth/me',
    ]) {
      expect({ path, forbidden: isForbiddenPath(path) }).toEqual({ path, forbidden: true });
    }
    expect(isForbiddenPath('/api/v1/service-records/lookup/AB12CDE')).toBe(false);
  });

  it('never matches an internal path, which the gateway refuses however it is spelt', () => {
    for (const path of ['/internal/users', '/api/v1/internal/users', '/api/v1/auth/%69nternal/users']) {
      expect(nameOf('POST', path)).toBeNull();
      expect(isForbiddenPath(path)).toBe(true);
    }
  });

  it('matches nothing for a target that is not a path, or a path with a raw space, control or non-ASCII character', () => {
    expect(nameOf('GET', 'http://example.com/api/v1/auth/me')).toBeNull();
    expect(nameOf('GET', '*')).toBeNull();
    expect(nameOf('GET', '/api/v1/service-records/log/checkpoint/1\u00a0')).toBeNull();
    expect(nameOf('GET', '/api/v1/service-records/lookup/AB\u000b12')).toBeNull();
    expect(nameOf('GET', '/api/v1/service-records/lookup/AB%C2%A012')).toBe(
      'GET /service-records/lookup/{registration}',
    );
  });

  it('tells API targets from the rest as express mounts /api/', () => {
    expect(isApiTarget('/API/v1/anything')).toBe(true);
    expect(isApiTarget('//api/v1/auth/me')).toBe(true);
    expect(isApiTarget('/apiary')).toBe(false);
    expect(isApiTarget('/%61pi/v1/auth/me')).toBe(false);
  });

  it('matches in time linear in the path, however hostile', async () => {
    const hostile = [
      `/api/v1/${'a/'.repeat(200_000)}`,
      `/api/v1/service-records/lookup/${'%2F'.repeat(300_000)}`,
      `/${'/\\'.repeat(300_000)}api/v1/auth/me`,
    ];
    const names = hostile.map((path) => nameOf('GET', path));
    expect(names).toEqual([null, 'GET /service-records/lookup/{registration}', 'GET /auth/me']);
    // Linear: ten times the path takes about ten times as long (docs/operations.md#tests), never a wall-clock bound.
    const shapes = [
      (n: number) => `/api/v1/${'a/'.repeat(n)}`,
      (n: number) => `/api/v1/service-records/lookup/${'%2F'.repeat(n)}`,
      (n: number) => `/${'/\\'.repeat(n)}api/v1/auth/me`,
    ];
    for (const shape of shapes) {
      const growth = await timeGrowthOverTenfold(shape, (path) => nameOf('GET', path), 300_000);
      expect(growth).toBeLessThan(LINEAR_GROWTH_AT_MOST);
    }
  });
});

describe("the gateway's own calls", () => {
  it('keeps the retried event id as given, undecoded until the gateway reads it', () => {
    const match = table.match('POST', '/api/v1/admin/events/Records/Ab-12:3/retry');
    expect(match?.operation.service).toBe('gateway');
    expect(match?.params).toEqual({ service: 'Records', id: 'Ab-12:3' });
  });

  it('matches nothing else under admin/', () => {
    expect(nameOf('POST', '/api/v1/admin/data')).toBeNull();
    expect(nameOf('GET', '/api/v1/admin/events/records/1/retry')).toBeNull();
    expect(nameOf('GET', '/api/v1/admin/data/more')).toBeNull();
    expect(nameOf('GET', '/api/v1/garages/admin/data')).toBeNull();
  });
});

describe("a garage's receipt with its place in the transparency log", () => {
  it("asks for a token and sends it to records, while the log's own proofs and checkpoints stay public", () => {
    const receipt = table.match(
      'GET',
      '/api/v1/Service-Records/Receipts/4a0d9c6e-5a8e-4a43-8f43-1f1c2b7a9d10/',
    )!.operation;
    expect({ service: receipt.service, token: needsToken(receipt) }).toEqual({ service: 'records', token: true });
    const proof = table.match('GET', '/api/v1/service-records/log/proof/inclusion?leaf=1200&size=1234')!.operation;
    expect({ service: proof.service, token: needsToken(proof) }).toEqual({ service: 'records', token: false });
  });
});

describe("the web build's server bundle", () => {
  it('is recognised however its path is spelt, and nothing else is', () => {
    for (const path of [
      '/ssr/entry-server.js',
      '/ssr%2Fentry-server.js',
      '/%73sr/entry-server.js',
      '/SSR/entry-server.js',
      '/%2573sr/entry-server.js',
      '//ssr\\entry-server.js',
      '/ssr',
      '/%E0%A4%A',
    ]) {
      expect({ path, bundle: isServerBundlePath(path) }).toEqual({ path, bundle: true });
    }
    for (const path of ['/', '/vehicle-results?reg=ssr', '/assets/ssr.js', '/ssrx/entry-server.js']) {
      expect({ path, bundle: isServerBundlePath(path) }).toEqual({ path, bundle: false });
    }
  });
});
