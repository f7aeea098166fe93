import { normaliseRegistration, type TPublicServiceRecord } from '@sh/shared/contract';
import {
  bindShownRecords,
  findUnshownRecords,
  importReceiptKey,
  verifyVehicleEntries,
  type VehicleLogEntry,
} from '@sh/shared/transparency-log';
import { api } from '../api/client';
import { verifyRecordChain } from '../api/service-records';
import { fetchInclusionProof, fetchReceiptKeys } from '../api/transparency-log';
import { checkLatestCheckpoint, type TCheckpoint, type TLogWitnessOptions } from './log-witness';

/**
 * The results page's check of a vehicle's history in the visitor's own browser (issue 23), trusting only the log's
 * key built into the bundle: the latest checkpoint (signed with that key, and consistent with the one this browser
 * saw before), every entry of the vehicle (its content hash, its link, its leaf's inclusion proof against that
 * checkpoint, its receipt), and each record the page shows bound to what its entries sealed.
 */

/** An entry of the vehicle named for the visitor: its position, what it is, and its record. */
export type TNamedEntry = { position: number | null; kind: VehicleLogEntry['kind'] | null; recordId: string | null };

export type THistoryCheck =
  /** All of it holds, up to the checkpoint; `pending` entries (the newest) await the next one. */
  | {
      status: 'verified';
      checkpoint: TCheckpoint;
      entryCount: number;
      pending: TNamedEntry[];
      previous: TCheckpoint | null;
    }
  /** Something does not hold: the entry (when one is to blame) and why. */
  | { status: 'failed'; entry: TNamedEntry; reason: string }
  /** The log's latest checkpoint cannot extend the one this browser saw before: the log was rewritten. */
  | { status: 'inconsistent'; checkpoint: TCheckpoint; previous: TCheckpoint }
  /** The log has not signed a checkpoint that holds these entries yet. */
  | { status: 'awaiting-checkpoint' };

/**
 * Checks `shown` (the records on the page) of `registration`. Throws only when the server cannot be reached or
 * refuses a request, which says nothing about the history.
 */
export async function checkHistoryInBrowser(
  registration: string,
  shown: readonly TPublicServiceRecord[],
  options: TLogWitnessOptions & { now?: () => Date } = {},
): Promise<THistoryCheck> {
  const { signal, client = api, now = () => new Date() } = options;
  const log = await checkLatestCheckpoint(options);
  if (log.status === 'none') return { status: 'awaiting-checkpoint' };
  if (log.status === 'untrusted') return failed(null, `the log’s checkpoint does not verify: ${log.reason}`);
  if (log.witness.status === 'inconsistent')
    return { status: 'inconsistent', checkpoint: log.checkpoint, previous: log.witness.previous };

  const chain = await verifyRecordChain(registration, { signal }, client);
  if (chain.registration !== normaliseRegistration(registration))
    return failed(null, `the server answered the entries of ${chain.registration}`);
  if (chain.entries.length === 0) return failed(null, 'the log holds no entries for this vehicle');
  const entries: VehicleLogEntry[] = chain.entries;

  const receiptKeys = new Map<string, Promise<CryptoKey | null>>();
  let published: ReturnType<typeof fetchReceiptKeys> | undefined;
  const receiptKey = (keyId: string) => {
    if (!receiptKeys.has(keyId)) {
      published ??= fetchReceiptKeys({ signal }, client);
      receiptKeys.set(
        keyId,
        published
          .then((keys) => keys.find((key) => key.keyId === keyId))
          .then((key) => (key ? importReceiptKey(key.publicKey) : null)),
      );
    }
    return receiptKeys.get(keyId)!;
  };
  const verdict = await verifyVehicleEntries(
    chain.registration,
    entries,
    log.checkpoint,
    { inclusionProof: (leaf, size) => fetchInclusionProof(leaf, size, { signal }, client), receiptKey },
    now(),
  );
  if (!verdict.verified) return failed(entryAt(entries, verdict.position), verdict.reason);
  if (verdict.inCheckpoint === 0) return { status: 'awaiting-checkpoint' };

  const [problem] = (await bindShownRecords(shown, entries)).sort(
    (a, b) => (a.position ?? Infinity) - (b.position ?? Infinity),
  );
  if (problem) {
    const entry =
      problem.position === null
        ? { position: null, kind: null, recordId: problem.recordId }
        : entryAt(entries, problem.position);
    return failed({ ...entry, recordId: problem.recordId }, problem.reason);
  }
  // A record logged after the page fetched its records is not held against it: only those already in the checkpoint.
  const pending = new Set(verdict.pending);
  const [unshown] = findUnshownRecords(shown, entries, (entry) => !pending.has(entry as VehicleLogEntry));
  if (unshown)
    return failed(
      entryAt(entries, unshown.position),
      'the log holds a record of this vehicle that this page does not show',
    );

  return {
    status: 'verified',
    checkpoint: log.checkpoint,
    entryCount: entries.length,
    pending: verdict.pending.map((entry) => entryAt(entries, entry.position)),
    previous: log.witness.status === 'consistent' ? log.witness.previous : null,
  };
}

function failed(entry: TNamedEntry | null, reason: string): THistoryCheck {
  return { status: 'failed', entry: entry ?? { position: null, kind: null, recordId: null }, reason };
}

function entryAt(entries: readonly VehicleLogEntry[], position: number): TNamedEntry {
  const entry = entries.find((candidate) => candidate.position === position);
  return { position, kind: entry?.kind ?? null, recordId: entry?.record_id ?? null };
}

/**
 * Checks the records shown of a vehicle that may have been logged under more than one registration (a lookup by VIN
 * across a plate transfer): each registration's chain on its own, in turn; the first that does not hold is the
 * answer, else the last checkpoint's verdict with every registration's entries counted.
 */
export async function checkHistoriesInBrowser(
  shown: readonly TPublicServiceRecord[],
  options: TLogWitnessOptions & { now?: () => Date } = {},
): Promise<THistoryCheck> {
  const byRegistration = new Map<string, TPublicServiceRecord[]>();
  for (const record of shown) {
    const records = byRegistration.get(record.vehicle_registration) ?? [];
    records.push(record);
    byRegistration.set(record.vehicle_registration, records);
  }
  let combined: Extract<THistoryCheck, { status: 'verified' }> | null = null;
  for (const [registration, records] of byRegistration) {
    const check = await checkHistoryInBrowser(registration, records, options);
    if (check.status !== 'verified') return check;
    combined = combined
      ? {
          ...check,
          entryCount: combined.entryCount + check.entryCount,
          pending: [...combined.pending, ...check.pending],
        }
      : check;
  }
  return combined ?? { status: 'failed', entry: { position: null, kind: null, recordId: null }, reason: 'no records' };
}
