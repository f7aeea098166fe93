/**
 * Fuzzing every operation of the API (OpenAPI document / OPERATIONS) with fast-check: FUZZ_RUNS bad requests each
 * (1,000 by default, a quarter of that for an operation that declares no input; fixed seed FUZZ_SEED) sent straight to the service that owns the path, whose answers are not
 * hidden behind the gateway's rate limits (the gateway's own calls, admin/*, go to the gateway from many client
 * addresses), and FUZZ_GATEWAY_RUNS (50) through the gateway, where a 429 is one more envelope. An operation that
 * needs a signed-in caller is called, nine times in ten, with a valid access token of a role its `auth` allows (the
 * demo garage, the demo admin: fuzz-accounts.ts), and with bad input only (fuzz-guards.ts). Every answer must be a
 * JSON envelope whose status is the HTTP status, never a 5xx; no table of any service may gain, lose or change a
 * row; and an operation whose answers were mostly 429 has not been fuzzed at all, so that fails too.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { OPERATIONS } from '@sh/shared/contract';
import { databaseUrl } from '@sh/shared/launcher';
import { logInThroughApi } from './support/api.js';
import { seedAccounts, seedGarages, seedVehicles } from './support/data.js';
import { fuzzAccounts, FuzzTokens } from './support/fuzz-accounts.js';
import { couldWrite, mayCarryValidToken, WRITE_GUARDS, type GuardData } from './support/fuzz-guards.js';
import {
  describeCase,
  inParallel,
  problemWith,
  send,
  type Answer,
  type Destination,
  type Problem,
} from './support/fuzz-http.js';
import { caseArbitrary, type FuzzCase, type FuzzContext } from './support/fuzz-inputs.js';
import { changedContent, changedTables, RowCounter, rowsWritten, type RowCounts } from './support/fuzz-rows.js';
import { FUZZ_ROLES, fuzzTargets, type FuzzTarget } from './support/fuzz-targets.js';

const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
};
const RUNS = positive('FUZZ_RUNS', 1000);
const GATEWAY_RUNS = positive('FUZZ_GATEWAY_RUNS', 50);
const SEED = positive('FUZZ_SEED', 20260514);
const CONCURRENCY = 8;
/** Requests are generated and sent this many at a time, so that 10,000 huge bodies never sit in memory at once. */
const BATCH = 500;
/**
 * The gateway budgets requests per client address. The fuzz sends from other loopback addresses than the
 * journeys (127.0.0.1), one per operation, so that it neither spends the journeys' budgets nor finds its own
 * used up by the operations before it (a 429 is still a fine answer).
 */
const gatewayClientAddress = (index: number) => `127.0.1.${(index % 250) + 1}`;
/**
 * The calls the gateway answers itself (admin/*) have no service behind it to send to straight: their FUZZ_RUNS go
 * to the gateway from this many client addresses of their own, 127.0.(2 + index).*, each within the general budget.
 */
const GATEWAY_OWN_ADDRESSES = 32;
/** More 429s than this share of an operation's answers, and its input was hardly looked at: the test fails. */
const MOST_RATE_LIMITED = 0.5;
const ARTIFACTS = path.join(import.meta.dirname, 'artifacts');
/** Failing requests kept per operation for the report and for replaying. */
const FAILURES_KEPT = 150;

const targets = fuzzTargets();

/**
 * How many requests an operation is sent straight: FUZZ_RUNS, or a quarter of it for one that declares no input at
 * all (no path parameter, query or body; the raw body is the Stripe webhook's), where only headers and undeclared
 * junk can vary (the admin's status, one of them, costs tens of milliseconds a call).
 */
function runsFor(target: FuzzTarget): number {
  const op = target.operation;
  const declaresInput =
    op.pathParams !== undefined || op.query !== undefined || op.body !== undefined || op.auth === 'stripe-signature';
  return declaresInput ? RUNS : Math.ceil(RUNS / 4);
}

interface Tally {
  operation: string;
  service: string;
  port: number;
  direct: number;
  gateway: number;
  seconds: number;
  directStatuses: Record<string, number>;
  gatewayStatuses: Record<string, number>;
  /** Requests sent with a valid token, as each role. */
  signedIn: Record<string, number>;
  rateLimited: number;
  fiveHundreds: number;
  badAnswers: number;
  rowsWritten: number;
  changedTables: string[];
  /** Tables whose content changed, though their row counts may not have. */
  changedContent: string[];
  failures: {
    via: string;
    problem: Problem;
    case: Record<string, unknown>;
    answer: { status: number; body: string; error?: string };
  }[];
}

const tallies: Tally[] = [];
const replayable: string[] = [];
let context: FuzzContext;
let guardData: GuardData;
let rows: RowCounter;
const tokens = new FuzzTokens(fuzzAccounts());
/** The counts and checksums after the last operation, once quiet; undefined when that operation did not finish. */
let settled: { counts: RowCounts; sums: Map<string, string> } | undefined;
const agents: http.Agent[] = [];
const startedAt = performance.now();

/** A seed of its own for each operation (and batch), stable when operations are added or reordered. */
function seedFor(operation: string, batch: number): number {
  let hash = SEED;
  for (const char of `${operation}#${batch}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

function generate(target: FuzzTarget, count: number, salt: string): FuzzCase[][] {
  const arbitrary = caseArbitrary(target, context).filter((c) => !couldWrite(target, c, guardData));
  const batches: FuzzCase[][] = [];
  for (let start = 0, batch = 0; start < count; start += BATCH, batch += 1) {
    batches.push(
      fc.sample(arbitrary, { numRuns: Math.min(BATCH, count - start), seed: seedFor(`${salt}${target.name}`, batch) }),
    );
  }
  return batches;
}

async function loadContext(): Promise<void> {
  const identity = `http://127.0.0.1:${targets.find((t) => t.service === 'identity')!.port}`;
  const keyAnswer = (await (await fetch(`${identity}/api/v1/auth/public-key`)).json()) as {
    data: { publicKey: string };
  };
  const users = new pg.Client({ connectionString: databaseUrl(inject('postgresUrl'), 'sh_identity_e2e_test') });
  await users.connect();
  const knownEmails = (await users.query<{ email: string }>('SELECT email FROM users')).rows.map((r) => r.email);
  const userIds = (await users.query<{ id: string }>('SELECT id FROM users ORDER BY id LIMIT 20')).rows.map(
    (r) => r.id,
  );
  await users.end();
  const companies = JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../data/companies-house/companies.json'), 'utf8'),
  ) as {
    company_number: string;
    company_name: string;
  }[];
  context = {
    identityPublicKey: keyAnswer.data.publicKey,
    forgedKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
    stripeSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_local_double',
    knownEmails,
    knownReferralCodes: seedGarages.map((g) => g.referral_code),
    fixtureCompanyNumbers: companies.map((c) => c.company_number),
    fixtureCompanyNames: companies.map((c) => c.company_name),
    knownRegistrations: seedVehicles.slice(0, 20).map((v) => v.registration),
    knownIds: [...userIds, ...seedVehicles.slice(0, 10).flatMap((v) => v.records.map((r) => r.id))],
  };
  guardData = {
    knownEmails: new Set(knownEmails.map((e) => e.toLowerCase())),
    knownPasswords: new Set([
      seedAccounts.admin.password,
      seedAccounts.garage.password,
      'Matrix2026',
      'Workshop2026',
      'Another2026',
    ]),
    fixtureCompanyNumbers: new Set(context.fixtureCompanyNumbers),
  };
}

function destination(host: string, port: number, localAddress?: string): Destination {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  agents.push(agent);
  return { host, port, localAddress, agent };
}

/** The counts once quiet, and the checksums then. */
async function snapshot(): Promise<{ counts: RowCounts; sums: Map<string, string> }> {
  const counts = await rows.settledCounts();
  return { counts, sums: await rows.checksums() };
}

/** A request as sent: with the valid token of its role, when it is to carry one. */
const withToken = (c: FuzzCase): FuzzCase =>
  c.signedInAs === undefined
    ? c
    : { ...c, headers: { ...c.headers, authorization: `Bearer ${tokens.token(c.signedInAs)}` } };

beforeAll(async () => {
  await loadContext();
  await tokens.renew(FUZZ_ROLES);
  rows = await RowCounter.open(inject('postgresUrl'));
  settled = await snapshot();
}, 120_000);

afterAll(async () => {
  for (const agent of agents) agent.destroy();
  await rows?.close();
  if (tallies.length === 0) return;
  const sum = (pick: (t: Tally) => number) => tallies.reduce((total, t) => total + pick(t), 0);
  const seconds = (performance.now() - startedAt) / 1000;
  console.log(
    `[fuzz] total: ${tallies.length} operations, ${(sum((t) => t.direct) + sum((t) => t.gateway)).toLocaleString('en-GB')} inputs ` +
      `(${sum((t) => t.direct).toLocaleString('en-GB')} direct, ${sum((t) => t.gateway).toLocaleString('en-GB')} through the gateway), ` +
      `${seconds.toFixed(1)} s, ${sum((t) => Object.values(t.signedIn).reduce((a, b) => a + b, 0)).toLocaleString('en-GB')} with a valid token ` +
      `(${tokens.logins} sign-ins), 429 ${sum((t) => t.rateLimited)}, ` +
      `5xx ${sum((t) => t.fiveHundreds)}, bad answers ${sum((t) => t.badAnswers)}, rows written ${sum((t) => t.rowsWritten)}, ` +
      `tables changed ${sum((t) => t.changedContent.length)} ` +
      `(FUZZ_RUNS=${RUNS}, FUZZ_GATEWAY_RUNS=${GATEWAY_RUNS}, FUZZ_SEED=${SEED})`,
  );
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(
    path.join(ARTIFACTS, 'fuzz-report.json'),
    JSON.stringify({ runs: RUNS, gatewayRuns: GATEWAY_RUNS, seed: SEED, seconds, operations: tallies }, null, 2),
  );
  writeFileSync(path.join(ARTIFACTS, 'fuzz-failures.ndjson'), replayable.map((line) => `${line}\n`).join(''));
});

const statusLine = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status}x${n}`)
    .join(' ');

describe('fuzzing the API', () => {
  it('aims at every operation of the contract, each at the server that answers it, as a caller its auth allows', () => {
    // Nothing is left out: every operation of OPERATIONS is a target, those for signed-in callers included.
    expect(targets.map((t) => t.name).sort()).toEqual(
      OPERATIONS.map((op) => `${op.method.toUpperCase()} ${op.path}`).sort(),
    );
    for (const name of Object.keys(WRITE_GUARDS)) expect(targets.map((t) => t.name)).toContain(name);
    for (const target of targets) {
      const isPublic = ['public', 'stripe-signature', 'api-key'].includes(target.operation.auth);
      expect({ operation: target.name, signsIn: target.roles.length > 0 }).toEqual({
        operation: target.name,
        signsIn: !isPublic,
      });
    }
    // The only signed-in operations never sent a valid token: those that write and take no input to make bad.
    const forgedTokensOnly = targets.filter((t) => t.roles.length > 0 && !mayCarryValidToken(t)).map((t) => t.name);
    console.log(
      `[fuzz] signed-in operations sent forged tokens only (they take no input to make bad): ${forgedTokensOnly.join(', ') || 'none'}`,
    );
    expect(forgedTokensOnly.every((name) => !name.startsWith('GET '))).toBe(true);
  });

  it.each(targets.map((t, index) => [t.name, t, index] as const))(
    '%s: bad input never gets a 5xx or a non-envelope, and writes no row',
    async (_name, target, index) => {
      const started = performance.now();
      const tally: Tally = {
        operation: target.name,
        service: target.service,
        port: target.port,
        direct: 0,
        gateway: 0,
        seconds: 0,
        directStatuses: {},
        gatewayStatuses: {},
        signedIn: {},
        rateLimited: 0,
        fiveHundreds: 0,
        badAnswers: 0,
        rowsWritten: 0,
        changedTables: [],
        changedContent: [],
        failures: [],
      };
      tallies.push(tally);
      const gatewayUrl = new URL(inject('gatewayUrl'));
      const gatewayHost = gatewayUrl.hostname === 'localhost' ? '127.0.0.1' : gatewayUrl.hostname;
      const direct =
        target.service === 'gateway'
          ? Array.from({ length: GATEWAY_OWN_ADDRESSES }, (_, i) =>
              destination(gatewayHost, Number(gatewayUrl.port), `127.0.${2 + index}.${i + 1}`),
            )
          : [destination('127.0.0.1', target.port)];
      const via = { direct, gateway: [destination(gatewayHost, Number(gatewayUrl.port), gatewayClientAddress(index))] };
      let sent = 0;
      const sendVia = (route: 'direct' | 'gateway', c: FuzzCase) => {
        const destinations = via[route];
        sent += 1;
        return send(destinations[sent % destinations.length]!, withToken(c));
      };
      const record = (route: 'direct' | 'gateway', c: FuzzCase, answer: Answer) => {
        const statuses = route === 'direct' ? tally.directStatuses : tally.gatewayStatuses;
        const key = answer.status === 0 ? 'none' : String(answer.status);
        statuses[key] = (statuses[key] ?? 0) + 1;
        if (route === 'direct') tally.direct += 1;
        else tally.gateway += 1;
        if (c.signedInAs) tally.signedIn[c.signedInAs] = (tally.signedIn[c.signedInAs] ?? 0) + 1;
        if (answer.status === 429) tally.rateLimited += 1;
        const problem = problemWith(target, c, answer);
        if (!problem) return;
        if (problem === '5xx') tally.fiveHundreds += 1;
        tally.badAnswers += 1;
        if (tally.failures.length >= FAILURES_KEPT) return;
        tally.failures.push({
          via: route,
          problem,
          case: { ...describeCase(c), ...(c.signedInAs ? { signedInAs: c.signedInAs } : {}) },
          answer: { status: answer.status, body: answer.text.slice(0, 500), error: answer.error },
        });
        // The whole request too, to replay it: e2e/artifacts/fuzz-failures.ndjson, one JSON object a line (a valid
        // token is named by its role, not written down: sign in as that role to replay).
        replayable.push(
          JSON.stringify({
            operation: target.name,
            via: route,
            problem,
            status: answer.status,
            method: c.method,
            path: c.path,
            signedInAs: c.signedInAs,
            headers: c.headers,
            body: c.body?.toString('base64'),
          }),
        );
      };

      // Tokens are renewed between operations, never during one: a sign-in writes a session.
      if (await tokens.renew(target.roles)) settled = undefined;
      const before = settled ?? (await snapshot());
      settled = undefined;
      for (const [route, count] of [
        ['direct', runsFor(target)],
        ['gateway', GATEWAY_RUNS],
      ] as const) {
        for (const batch of generate(target, count, route === 'direct' ? '' : 'gateway:')) {
          await inParallel(batch, route === 'direct' ? CONCURRENCY : 4, async (c) =>
            record(route, c, await sendVia(route, c)),
          );
        }
      }
      const after = await snapshot();
      settled = after;
      tally.changedTables = changedTables(before.counts, after.counts);
      tally.changedContent = changedContent(before.sums, after.sums);
      tally.rowsWritten = rowsWritten(before.counts, after.counts);
      tally.seconds = (performance.now() - started) / 1000;

      const signedIn = Object.entries(tally.signedIn)
        .map(([role, n]) => `${role} ${n}`)
        .join(', ');
      console.log(
        `[fuzz] ${target.name} -> ${target.service}:${target.port} | ${tally.direct} direct: ${statusLine(tally.directStatuses)} | ` +
          `${tally.gateway} via gateway: ${statusLine(tally.gatewayStatuses)} | ${signedIn ? `valid token: ${signedIn} | ` : ''}` +
          `5xx ${tally.fiveHundreds}, bad answers ${tally.badAnswers}, rows written ${tally.rowsWritten}, tables changed ${tally.changedContent.length} | ${tally.seconds.toFixed(1)} s`,
      );
      const examples = (problem: Problem) => tally.failures.filter((f) => f.problem === problem).slice(0, 3);
      const problems = [...new Set(tally.failures.map((f) => f.problem))];
      expect(tally.direct).toBe(runsFor(target));
      // Every role the operation allows got its share of valid tokens (nine in ten of the calls, split between them).
      if (mayCarryValidToken(target)) {
        for (const role of target.roles)
          expect({
            role,
            enough: (tally.signedIn[role] ?? 0) >= (runsFor(target) * 0.5) / target.roles.length,
          }).toEqual({ role, enough: true });
      }
      expect
        .soft(
          tally.badAnswers,
          JSON.stringify(
            problems.map((p) => ({ problem: p, examples: examples(p) })),
            null,
            2,
          ),
        )
        .toBe(0);
      expect.soft(tally.changedTables, 'tables whose row count changed').toEqual([]);
      expect.soft(tally.changedContent, 'tables whose content changed').toEqual([]);
      expect
        .soft(tally.rateLimited, `answers of 429 of ${tally.direct + tally.gateway}: the input went unread`)
        .toBeLessThanOrEqual((tally.direct + tally.gateway) * MOST_RATE_LIMITED);
    },
    Math.max(300_000, RUNS * 200),
  );

  it('leaves the accounts it called with as they were: each still signs in with its own password', async () => {
    for (const account of Object.values(tokens.accounts)) {
      const session = await logInThroughApi(account.email, account.password);
      expect(session.token.length).toBeGreaterThan(0);
    }
  });
});
