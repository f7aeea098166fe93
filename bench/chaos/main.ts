/**
 * `npm run chaos`: faults under load, one after the other, and what each cost.
 *
 * Its own platform (stackPorts(29080, 25000), databases sh_<service>_chaos with the demo data, queue prefix
 * chaos). Six garages with passwords, confirmed e-mails and active entitlements create records through the
 * gateway, each with an Idempotency-Key: a 5xx or a network error is retried with the same key until it is
 * answered, as the web app does, and every tenth submit is sent twice at once (a double click). Four visitors
 * look vehicles up meanwhile. Every loop is bounded and every target is 127.0.0.1.
 *
 * Faults (faults/, a file each): a baseline without one; each service and the gateway SIGKILLed and launched again
 * 4 s later; Redis stopped for 30 s and started again empty (`redis-cli shutdown nosave`, then the redis-server command
 * of docs/operations.md; started again in a `finally` and on exit whatever happens); Postgres restarted; Stripe
 * webhooks held, released newest first, then every one re-sent twice at once and once more in reverse order. After
 * each fault the load stops (each garage finishes the submit it has in hand), the platform settles (every /readyz
 * answers, every outbox row is published and consumed by every subscriber, no receipt mail awaits its checkpoint, no
 * job waits) and the run compares: requests, 5xx, records acknowledged against stored, events emitted against
 * consumed, receipt mails queued against acknowledged records, duplicates (checks.ts). It exits non-zero if anything
 * was lost or doubled.
 *
 * The Postgres fault hits this machine's shared server: run it when nothing else needs it. So does the Redis fault
 * with the machine's Redis on 6379 (the default); with CHAOS_REDIS_PORT=<port> the platform uses a Redis of the run's
 * own on that port instead, which the run starts (keeping nothing on disk) and stops at its end.
 * CHAOS_FAULTS=redis (say) runs only some of the faults. What it starts, stops and kills: infrastructure.ts.
 */
import { writeResults } from '../results.js';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { prepareDatabases, seedDemoData, seedVehicles } from '../../scripts/seed.js';
import { checkInfrastructure, ROOT, SERVICE_NAMES } from '@sh/shared/launcher';
import { compare, printRow, verifyChains, type Row } from './checks.js';
import { createGarages, pools, recreate } from './databases.js';
import { FAULTS_BY_NAME, type Fault, type FaultOutcome } from './faults/index.js';
import { postJson } from './http.js';
import { redisAnswers, restoreRedisOnExit, restoreRedisSync, startPlatform, startRedisSync } from './infrastructure.js';
import { Load, registrationFor } from './load.js';
import { newPhase, submits, type Phase } from './phase.js';
import { settle } from './settle.js';
import { noteSpread } from './spread.js';
import {
  FAULT_NAMES,
  FAULTS,
  IS_OWN_REDIS,
  PASSWORD,
  PORTS,
  POSTGRES_URL,
  REDIS_PORT,
  REDIS_URL,
  REPLICAS,
  RESULTS_DIR,
  SHARED_REGISTRATIONS,
  sleep,
  SUFFIX,
} from './settings.js';

async function main(): Promise<number> {
  restoreRedisOnExit();
  if (IS_OWN_REDIS) {
    startRedisSync();
    if (!redisAnswers()) {
      console.error(`The run's own Redis did not start on port ${REDIS_PORT}`);
      return 1;
    }
  }
  const problems = await checkInfrastructure(POSTGRES_URL, REDIS_URL);
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    return 1;
  }
  const startedAt = Date.now();
  mkdirSync(RESULTS_DIR, { recursive: true });
  const log = createWriteStream(path.join(RESULTS_DIR, 'chaos-services.log'));

  console.log('Fresh *_chaos databases with the demo data, and 6 garages with passwords and active entitlements...');
  for (const service of SERVICE_NAMES) await recreate(service);
  rmSync(path.join(ROOT, '.data', `stripe-double-${SUFFIX.slice(1)}.json`), { force: true });
  await prepareDatabases(POSTGRES_URL, SUFFIX, SERVICE_NAMES);
  await seedDemoData(POSTGRES_URL, SUFFIX, SERVICE_NAMES);
  const garages = await createGarages();

  if (REPLICAS > 1)
    console.log(`${REPLICAS} replicas of each service and of the gateway, behind the launcher's balancer`);
  const stack = await startPlatform((name, line) => log.write(`${new Date().toISOString()} [${name}] ${line}\n`));
  console.log(
    `Platform up at ${stack.urls.gateway} (services: ${stack.services.join(', ')}), ${((Date.now() - startedAt) / 1000).toFixed(0)} s`,
  );
  const gateway = `http://127.0.0.1:${PORTS.gateway}`;
  const lookupRegistrations = [
    ...seedVehicles()
      .slice(0, 200)
      .map((v) => v.registration),
    ...Array.from({ length: SHARED_REGISTRATIONS }, (_, n) => registrationFor(0, n)),
    'ZZ99ZZZ',
  ];

  const rows: Row[] = [];
  const phases: Phase[] = [];
  let exitCode = 0;
  try {
    for (const garage of garages) {
      const answer = await postJson(`${gateway}/api/v1/auth/login`, { email: garage.email, password: PASSWORD });
      garage.token = (answer.json as { data: { session: { access_token: string } } }).data.session.access_token;
    }

    /** Runs the load around one fault, stops it, lets the platform settle and compares. */
    const runFault = async (fault: Fault) => {
      const phase = newPhase(fault.name);
      const spreadBefore = stack.spread();
      phases.push(phase);
      console.log(`\n-- ${fault.name}`);
      const load = new Load(gateway, garages, lookupRegistrations, phase);
      let outcome: FaultOutcome | void;
      try {
        await sleep(4000);
        outcome = await fault.inject(phase);
        await sleep(5000);
      } finally {
        const stopping = Date.now();
        await load.stop();
        phase.drainSeconds = (Date.now() - stopping) / 1000;
      }
      const settled = await settle(stack, phase);
      const failures = [...(outcome?.failures ?? []), ...(fault.afterSettling ? await fault.afterSettling() : [])];
      phase.notes.push(...(outcome?.notes ?? []));
      if (REPLICAS > 1) failures.push(...noteSpread(phase, spreadBefore, stack.spread(), fault.killed));
      const row = await compare(phase, garages, settled, { failures, duplicates: outcome?.duplicates });
      const chains = await verifyChains(
        gateway,
        submits.filter((s) => s.phase === phase.name),
      );
      row.chains = `${chains.intact}/${chains.touched}`;
      if (chains.failures.length > 0) {
        row.ok = false;
        row.notes.unshift(...chains.failures.map((f) => `FAIL ${f}`));
      }
      rows.push(row);
      printRow(row, phase);
    };

    for (const name of FAULT_NAMES.filter((name) => FAULTS.has(name)))
      for (const fault of FAULTS_BY_NAME[name](stack)) await runFault(fault);

    // The chains of every registration the run touched still verify at its end.
    const { intact, touched, failures: broken } = await verifyChains(gateway, submits);
    console.log(`\nChains that verify: ${intact} of ${touched} touched registrations`);
    for (const failure of broken) console.log(`  ${failure}`);
    if (intact !== touched) exitCode = 1;

    const minutes = (Date.now() - startedAt) / 60_000;
    console.log(`\n${REPLICAS} replica${REPLICAS > 1 ? 's' : ''} of each service and of the gateway`);
    console.log(
      `| fault | requests | 5xx | network errors | lookups answered | submits sent | records acknowledged | stored | lost | events emitted | deliveries consumed | events lost | events doubled | receipt mails | duplicates | chains verified | settled in |`,
    );
    console.log(`|${'---|'.repeat(17)}`);
    for (const r of rows) {
      console.log(
        `| ${r.fault} | ${r.requests} | ${r.serverErrors} | ${r.networkErrors} | ${r.lookups} | ${r.submits} | ${r.acknowledged} | ${r.stored} | ${r.lost} | ${r.eventsEmitted} | ${r.deliveriesConsumed}/${r.deliveriesOwed} | ${r.eventsLost} | ${r.eventsDoubled} | ${r.receiptMails} | ${r.duplicates} | ${r.chains} | ${r.settleSeconds.toFixed(0)} s |`,
      );
    }
    const failed = rows.filter((r) => !r.ok);
    console.log(
      `\n${failed.length === 0 ? 'ok' : 'FAILED'}: ${rows.length - failed.length} of ${rows.length} faults clean; ${minutes.toFixed(1)} min in all`,
    );
    for (const r of failed)
      for (const note of r.notes.filter((n) => n.startsWith('FAIL'))) console.log(`  ${r.fault}: ${note}`);
    if (failed.length > 0) exitCode = 1;
    writeResults('chaos', { minutes, replicas: REPLICAS, chainsVerified: { intact, touched }, rows, phases });
  } finally {
    restoreRedisSync();
    await stack.stop();
    log.end();
    await Promise.all(Object.values(pools).map((pool) => pool.end().catch(() => undefined)));
  }
  return exitCode;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(error);
} finally {
  restoreRedisSync();
}
process.exit(code);
