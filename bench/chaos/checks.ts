/**
 * The comparison after a fault, once the platform settled: requests, 5xx, records acknowledged against stored (lost),
 * events emitted against consumed, receipt mails queued against acknowledged records, and duplicates (a submit stored
 * twice, a key answered with two records, an event or a receipt mail twice for one record).
 */
import { queueCounts } from '@sh/shared/server';
import { deliveries, pools, readEvents, receiptMailsFor } from './databases.js';
import type { Garage } from './load.js';
import { call } from './http.js';
import { submits, type Phase, type Submit } from './phase.js';
import type { Settled } from './settle.js';
import { CHECKPOINT_INTERVAL_MS, PREFIX, REDIS_URL, SETTLE_TIMEOUT_MS, sleep, SUBMIT_GIVE_UP_MS } from './settings.js';

export interface Row {
  fault: string;
  requests: number;
  serverErrors: number;
  networkErrors: number;
  lookups: string;
  /** Submits sent (one Idempotency-Key each, however often retried). */
  submits: number;
  acknowledged: number;
  stored: number;
  lost: number;
  eventsEmitted: number;
  deliveriesOwed: number;
  deliveriesConsumed: number;
  /** Deliveries not consumed, and acknowledged records without their event. */
  eventsLost: number;
  /** A record's event, or a checkpoint's, emitted twice. */
  eventsDoubled: number;
  /** Checkpoints signed in the phase, and the least time between two of them (the interval's job, once across replicas). */
  checkpoints: number;
  closestCheckpointsMs: number | null;
  /** Chains of the registrations the phase's acknowledged submits touched: verified / touched (set by the caller). */
  chains: string;
  /** Receipt mails queued / owed (one per acknowledged record, once a checkpoint covers it). */
  receiptMails: string;
  duplicates: number;
  settleSeconds: number;
  ok: boolean;
  notes: string[];
}

const seenOutbox = new Set<string>();

export async function compare(
  phase: Phase,
  garages: Garage[],
  settled: Settled,
  extra: { duplicates?: number; failures?: string[] } = {},
): Promise<Row> {
  const mine = submits.filter((s) => s.phase === phase.name);
  const { rows: stored } = await pools.records.query<{ id: string; notes: string }>(
    'SELECT id, notes FROM service_records WHERE garage_id = ANY($1::uuid[])',
    [garages.map((g) => g.id)],
  );
  const rowsByKey = new Map<string, string[]>();
  for (const row of stored) {
    const key = /^chaos submit (.+)$/.exec(row.notes ?? '')?.[1];
    if (!key) continue;
    rowsByKey.set(key, [...(rowsByKey.get(key) ?? []), row.id]);
  }
  const storedIds = new Set(stored.map((r) => r.id));
  const acknowledged = mine.filter((s) => s.isAcknowledged);
  const lostSubmits = acknowledged.filter((s) => [...s.recordIds].some((id) => !storedIds.has(id)));
  const storedOfPhase = mine.filter((s) => rowsByKey.has(s.key));
  const doubledRows = mine.filter((s) => (rowsByKey.get(s.key)?.length ?? 0) > 1);
  const doubledAnswers = mine.filter((s) => s.recordIds.size > 1);
  const unacknowledgedStored = storedOfPhase.filter((s) => !s.isAcknowledged);
  const gaveUp = mine.filter((s) => s.gaveUp);
  const rejected = mine.filter((s) => s.rejectedWith);

  const events = await readEvents();
  const newRows = events.outbox.filter((row) => !seenOutbox.has(row.id));
  for (const row of newRows) seenOutbox.add(row.id);
  const { owed, missing } = deliveries(newRows, events.processed);
  // An event emitted twice for one record (service_record.created is the only event a record makes).
  const createdPerRecord = new Map<string, number>();
  for (const row of events.outbox)
    if (row.name === 'service_record.created' && row.recordId)
      createdPerRecord.set(row.recordId, (createdPerRecord.get(row.recordId) ?? 0) + 1);
  const doubledEvents = newRows.filter(
    (row) => row.name === 'service_record.created' && row.recordId && (createdPerRecord.get(row.recordId) ?? 0) > 1,
  ).length;
  const missingCreated = acknowledged.filter((s) => [...s.recordIds].some((id) => !createdPerRecord.has(id))).length;
  // Each acknowledged record's receipt mail (every chaos garage has an e-mail), queued once with its checkpoint.
  const acknowledgedIds = new Set(acknowledged.flatMap((s) => [...s.recordIds]));
  const createdIds = events.outbox
    .filter((row) => row.name === 'service_record.created' && row.recordId && acknowledgedIds.has(row.recordId))
    .map((row) => row.id);
  const receiptMails = await receiptMailsFor(createdIds);
  const missingReceipts = createdIds.filter((id) => !receiptMails.has(id)).length;
  const doubledReceipts = [...receiptMails.values()].filter((n) => n > 1).length;
  // Checkpoints of the phase: one per tree size and an interval apart, however many records replicas sign them.
  const { rows: checkpoints } = await pools.records.query<{ tree_size: string; at: number }>(
    `SELECT tree_size, extract(epoch FROM issued_at) * 1000 AS at FROM log_checkpoints WHERE issued_at >= to_timestamp($1 / 1000.0) ORDER BY issued_at`,
    [phase.startedAt],
  );
  const gaps = checkpoints.slice(1).map((c, i) => c.at - checkpoints[i]!.at);
  const closest = gaps.length > 0 ? Math.min(...gaps) : null;
  const issuedPerSize = new Map<string, number>();
  for (const row of newRows)
    if (row.name === 'transparency_log.checkpoint_issued' && row.treeSize)
      issuedPerSize.set(row.treeSize, (issuedPerSize.get(row.treeSize) ?? 0) + 1);
  const doubledCheckpoints = [...issuedPerSize.values()].filter((n) => n > 1).length;
  const queues = await queueCounts(REDIS_URL, PREFIX);
  const dead = Object.entries(queues).filter(([, c]) => c.failed > 0);

  const notes = [...phase.notes];
  const failures = [...(extra.failures ?? [])];
  if (lostSubmits.length > 0)
    failures.push(
      `${lostSubmits.length} acknowledged records not stored: ${lostSubmits
        .slice(0, 5)
        .map((s) => [...s.recordIds].join('/'))
        .join(', ')}`,
    );
  if (doubledRows.length > 0)
    failures.push(
      `${doubledRows.length} submits stored more than once (keys ${doubledRows
        .slice(0, 5)
        .map((s) => s.key)
        .join(', ')})`,
    );
  if (doubledAnswers.length > 0) failures.push(`${doubledAnswers.length} keys answered with different records`);
  if (closest !== null && closest < CHECKPOINT_INTERVAL_MS * 0.95)
    failures.push(
      `two checkpoints signed ${closest.toFixed(0)} ms apart, under the ${CHECKPOINT_INTERVAL_MS} ms interval`,
    );
  if (doubledCheckpoints > 0) failures.push(`${doubledCheckpoints} checkpoints announced twice for one tree size`);
  if (doubledEvents > 0) failures.push(`${doubledEvents} service_record.created events emitted twice for one record`);
  if (missingCreated > 0)
    failures.push(`${missingCreated} acknowledged records without a service_record.created event`);
  if (missingReceipts > 0) failures.push(`${missingReceipts} acknowledged records without a receipt mail queued`);
  if (doubledReceipts > 0) failures.push(`${doubledReceipts} records with their receipt mail queued more than once`);
  if (missing.length > 0)
    failures.push(
      `${missing.length} deliveries not consumed: ${missing
        .slice(0, 8)
        .map((m) => `${m.name} ${m.id} -> ${m.to}`)
        .join(', ')}`,
    );
  if (!settled.isSettled) failures.push(`did not settle within ${SETTLE_TIMEOUT_MS / 1000} s (${settled.waitingFor})`);
  if (gaveUp.length > 0)
    failures.push(`${gaveUp.length} submits still unanswered after ${SUBMIT_GIVE_UP_MS / 1000} s of retries`);
  if (rejected.length > 0)
    failures.push(
      `${rejected.length} submits refused: ${[...new Set(rejected.map((s) => s.rejectedWith))].join(', ')}`,
    );
  if (unacknowledgedStored.length > 0) notes.push(`${unacknowledgedStored.length} stored records never acknowledged`);
  if (dead.length > 0) failures.push(`dead-lettered jobs: ${dead.map(([s, c]) => `${s} ${c.failed}`).join(', ')}`);
  const duplicates =
    doubledRows.length +
    doubledAnswers.length +
    doubledEvents +
    doubledCheckpoints +
    doubledReceipts +
    (extra.duplicates ?? 0);
  return {
    fault: phase.name,
    requests: phase.requests,
    serverErrors: phase.serverErrors,
    networkErrors: phase.networkErrors,
    lookups: `${phase.lookupAnswers}/${phase.lookups}`,
    submits: mine.length,
    acknowledged: acknowledged.length,
    stored: storedOfPhase.length,
    lost: lostSubmits.length,
    eventsEmitted: newRows.length,
    deliveriesOwed: owed,
    deliveriesConsumed: owed - missing.length,
    eventsLost: missing.length + missingCreated,
    eventsDoubled: doubledEvents + doubledCheckpoints,
    checkpoints: checkpoints.length,
    closestCheckpointsMs: closest,
    chains: '',
    receiptMails: `${createdIds.length - missingReceipts}/${createdIds.length}`,
    duplicates,
    settleSeconds: settled.seconds,
    ok: failures.length === 0,
    notes: [...failures.map((f) => `FAIL ${f}`), ...notes],
  };
}

export function printRow(row: Row, phase: Phase): void {
  console.log(
    `\n== ${row.fault}: ${row.ok ? 'ok' : 'FAILED'}\n` +
      `   requests ${row.requests} (submits ${phase.submitAttempts}, lookups ${phase.lookups}), 5xx ${row.serverErrors}, network errors ${row.networkErrors}\n` +
      `   lookups answered ${row.lookups}; lookup statuses ${JSON.stringify(phase.lookupStatuses)}, submit statuses ${JSON.stringify(phase.submitStatuses)}\n` +
      `   submits ${row.submits}, records acknowledged ${row.acknowledged}, stored ${row.stored}, lost ${row.lost}; chains verified ${row.chains}\n` +
      `   events emitted ${row.eventsEmitted} (${row.deliveriesOwed} deliveries owed), consumed ${row.deliveriesConsumed}; receipt mails queued ${row.receiptMails}\n` +
      `   checkpoints ${row.checkpoints}, the closest two ${row.closestCheckpointsMs?.toFixed(0) ?? '-'} ms apart\n` +
      `   duplicates ${row.duplicates}; submits in hand answered ${phase.drainSeconds.toFixed(1)} s after the load stopped, then settled in ${row.settleSeconds.toFixed(1)} s`,
  );
  for (const note of row.notes) console.log(`   - ${note}`);
}

/**
 * Whether the chain of each registration these submits acknowledged verifies, through the gateway. A 5xx or no answer
 * (the platform was busy, not the chain) is asked again, at most 5 times a second apart; any other answer that is not
 * `valid: true` is a failure, with what it was.
 */
export async function verifyChains(
  gateway: string,
  of: Submit[],
): Promise<{ intact: number; touched: number; failures: string[] }> {
  const touched = [...new Set(of.filter((s) => s.isAcknowledged).map((s) => s.registration))];
  const failures: string[] = [];
  for (const registration of touched) {
    let answer = await call(`${gateway}/api/v1/service-records/verify/${registration}`);
    for (let asked = 1; asked < 5 && (answer.status === null || answer.status >= 500); asked += 1) {
      await sleep(1000);
      answer = await call(`${gateway}/api/v1/service-records/verify/${registration}`);
    }
    if ((answer.json as { data?: { valid?: boolean } } | null)?.data?.valid !== true)
      failures.push(`the chain of ${registration} does not verify: ${answer.status} ${JSON.stringify(answer.json)}`);
  }
  return { intact: touched.length - failures.length, touched: touched.length, failures };
}
