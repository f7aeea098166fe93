/**
 * Fuzzing every public operation of the API (OpenAPI document / OPERATIONS, auth 'public' or 'stripe-signature')
 * with fast-check: FUZZ_RUNS bad requests each (1,000 by default, fixed seed FUZZ_SEED) sent straight to the
 * service that owns the path, whose answers are not hidden behind the gateway's rate limits, and
 * FUZZ_GATEWAY_RUNS (50) through the gateway, where a 429 is one more envelope. Every answer must be a JSON
 * envelope whose status is the HTTP status, never a 5xx, and no table of any service may gain or lose a row.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { OPERATIONS } from '@sh/shared/contract';
import { databaseUrl } from '../scripts/stack.js';
import { seedAccounts, seedGarages, seedVehicles } from './support/data.js';
import { couldWrite, WRITE_GUARDS, type GuardData } from './support/fuzz-guards.js';
import { describeCase, inParallel, problemWith, send, type Answer, type Destination, type Problem } from './support/fuzz-http.js';
import { caseArbitrary, type FuzzCase, type FuzzContext } from './support/fuzz-inputs.js';
import { changedTables, RowCounter, rowsWritten, type RowCounts } from './support/fuzz-rows.js';
import { publicFuzzTargets, type FuzzTarget } from './support/fuzz-targets.js';

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
const ARTIFACTS = path.join(import.meta.dirname, 'artifacts');
/** Failing requests kept per operation for the report and for replaying. */
const FAILURES_KEPT = 150;

const targets = publicFuzzTargets();

interface Tally {
  operation: string;
  service: string;
  port: number;
  direct: number;
  gateway: number;
  seconds: number;
  directStatuses: Record<string, number>;
  gatewayStatuses: Record<string, number>;
  fiveHundreds: number;
  badAnswers: number;
  rowsWritten: number;
  changedTables: string[];
  failures: { via: string; problem: Problem; case: Record<string, unknown>; answer: { status: number; body: string; error?: string } }[];
}

const tallies: Tally[] = [];
const replayable: string[] = [];
let context: FuzzContext;
let guardData: GuardData;
let rows: RowCounter;
/** The counts after the last operation, once quiet; undefined when that operation did not finish. */
let settled: RowCounts | undefined;
const agents: http.Agent[] = [];
const startedAt = performance.now();

/** A seed of its own for each operation (and batch), stable when operations are added or reordered. */
function seedFor(operation: string, batch: number): number {
  let hash = SEED;
  for (const char of `${operation}#${batch}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

function generate(target: FuzzTarget, count: number, salt: string): FuzzCase[][] {
  const arbitrary = caseArbitrary(target, context).filter((c) => !couldWrite(target.name, c, guardData));
  const batches: FuzzCase[][] = [];
  for (let start = 0, batch = 0; start < count; start += BATCH, batch += 1) {
    batches.push(fc.sample(arbitrary, { numRuns: Math.min(BATCH, count - start), seed: seedFor(`${salt}${target.name}`, batch) }));
  }
  return batches;
}

async function loadContext(): Promise<void> {
  const identity = `http://127.0.0.1:${targets.find((t) => t.service === 'identity')!.port}`;
  const keyAnswer = (await (await fetch(`${identity}/api/v1/auth/public-key`)).json()) as { data: { publicKey: string } };
  const users = new pg.Client({ connectionString: databaseUrl(inject('postgresUrl'), 'sh_identity_e2e_test') });
  await users.connect();
  const knownEmails = (await users.query<{ email: string }>('SELECT email FROM users')).rows.map((r) => r.email);
  await users.end();
  const companies = JSON.parse(readFileSync(path.join(import.meta.dirname, '../data/companies-house/companies.json'), 'utf8')) as {
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
  };
  guardData = {
    knownEmails: new Set(knownEmails.map((e) => e.toLowerCase())),
    knownPasswords: new Set([seedAccounts.admin.password, seedAccounts.garage.password, 'Matrix2026', 'Workshop2026', 'Another2026']),
    fixtureCompanyNumbers: new Set(context.fixtureCompanyNumbers),
  };
}

function destination(host: string, port: number, localAddress?: string): Destination {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  agents.push(agent);
  return { host, port, localAddress, agent };
}

beforeAll(async () => {
  await loadContext();
  rows = await RowCounter.open(inject('postgresUrl'));
  settled = await rows.settledCounts();
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
      `${seconds.toFixed(1)} s, 5xx ${sum((t) => t.fiveHundreds)}, bad answers ${sum((t) => t.badAnswers)}, rows written ${sum((t) => t.rowsWritten)} ` +
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

describe('fuzzing the public API', () => {
  it('aims at every public operation of the contract, each at the service that owns it', () => {
    const publicOperations = OPERATIONS.filter((op) => op.auth === 'public' || op.auth === 'stripe-signature');
    expect(targets.map((t) => t.name).sort()).toEqual(publicOperations.map((op) => `${op.method.toUpperCase()} ${op.path}`).sort());
    for (const name of Object.keys(WRITE_GUARDS)) expect(targets.map((t) => t.name)).toContain(name);
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
        fiveHundreds: 0,
        badAnswers: 0,
        rowsWritten: 0,
        changedTables: [],
        failures: [],
      };
      tallies.push(tally);
      const gatewayUrl = new URL(inject('gatewayUrl'));
      const via = {
        direct: destination('127.0.0.1', target.port),
        gateway: destination(gatewayUrl.hostname === 'localhost' ? '127.0.0.1' : gatewayUrl.hostname, Number(gatewayUrl.port), gatewayClientAddress(index)),
      };
      const record = (route: 'direct' | 'gateway', c: FuzzCase, answer: Answer) => {
        const statuses = route === 'direct' ? tally.directStatuses : tally.gatewayStatuses;
        const key = answer.status === 0 ? 'none' : String(answer.status);
        statuses[key] = (statuses[key] ?? 0) + 1;
        if (route === 'direct') tally.direct += 1;
        else tally.gateway += 1;
        const problem = problemWith(target, c, answer);
        if (!problem) return;
        if (problem === '5xx') tally.fiveHundreds += 1;
        tally.badAnswers += 1;
        if (tally.failures.length >= FAILURES_KEPT) return;
        tally.failures.push({ via: route, problem, case: describeCase(c), answer: { status: answer.status, body: answer.text.slice(0, 500), error: answer.error } });
        // The whole request too, to replay it: e2e/artifacts/fuzz-failures.ndjson, one JSON object a line.
        replayable.push(JSON.stringify({ operation: target.name, via: route, problem, status: answer.status, method: c.method, path: c.path, headers: c.headers, body: c.body?.toString('base64') }));
      };

      const before = settled ?? (await rows.settledCounts());
      settled = undefined;
      for (const [route, count] of [['direct', RUNS], ['gateway', GATEWAY_RUNS]] as const) {
        for (const batch of generate(target, count, route === 'direct' ? '' : 'gateway:')) {
          await inParallel(batch, route === 'direct' ? CONCURRENCY : 4, async (c) => record(route, c, await send(via[route], c)));
        }
      }
      const after = await rows.settledCounts();
      settled = after;
      tally.changedTables = changedTables(before, after);
      tally.rowsWritten = rowsWritten(before, after);
      tally.seconds = (performance.now() - started) / 1000;

      console.log(
        `[fuzz] ${target.name} -> ${target.service}:${target.port} | ${tally.direct} direct: ${statusLine(tally.directStatuses)} | ` +
          `${tally.gateway} via gateway: ${statusLine(tally.gatewayStatuses)} | 5xx ${tally.fiveHundreds}, bad answers ${tally.badAnswers}, ` +
          `rows written ${tally.rowsWritten} | ${tally.seconds.toFixed(1)} s`,
      );
      const examples = (problem: Problem) => tally.failures.filter((f) => f.problem === problem).slice(0, 3);
      const problems = [...new Set(tally.failures.map((f) => f.problem))];
      expect(tally.direct).toBe(RUNS);
      expect.soft(tally.badAnswers, JSON.stringify(problems.map((p) => ({ problem: p, examples: examples(p) })), null, 2)).toBe(0);
      expect.soft(tally.changedTables, 'tables whose row count changed').toEqual([]);
    },
    Math.max(300_000, RUNS * 200),
  );
});
