import {
  encodeBase64,
  parseVerifierKey,
  TransparencyLogError,
  verifyCheckpoint,
  verifyConsistency,
  type VerifierKey,
} from '@sh/shared/transparency-log';
import { ApiError, api, type TApiClient } from '../api/client';
import { fetchConsistencyProof, fetchLatestCheckpoint } from '../api/transparency-log';
import { LOG_VERIFIER_KEY } from './log-verifier-key';
import { formatWholeNumber } from './format';

/**
 * This browser as a witness of the transparency log (issue 23): it fetches the latest checkpoint, verifies its
 * signature with the key built into the bundle, and remembers the largest checkpoint it has seen (localStorage). On
 * each later check it asks for an RFC 9162 consistency proof between the remembered checkpoint and the new one, so a
 * log that rewrote anything it once showed this browser is caught: the new tree must contain the old one unchanged.
 * An inconsistency is reported and the remembered checkpoint kept, never replaced. The results page and the garage
 * dashboard both use this, and only lazily.
 */

/** A checkpoint whose signature and origin verified: its size, its root hash, and the signed note itself. */
export type TCheckpoint = { size: number; rootHash: Uint8Array; rootHashBase64: string; note: string };

/** How the latest checkpoint stands against the one this browser remembered. */
export type TWitness =
  /** Nothing was remembered (a first visit, or storage cleared): the latest is now. */
  | { status: 'first' }
  /** The remembered one is a prefix of the latest (or the latest of it, when the server showed an older one). */
  | { status: 'consistent'; previous: TCheckpoint }
  /** The two cannot both be true of one append-only log. The remembered one is kept. */
  | { status: 'inconsistent'; previous: TCheckpoint };

/** What checking the log's latest checkpoint found. A failure to reach the server is thrown, not answered. */
export type TLogCheck =
  /** The log has not signed a checkpoint yet. */
  | { status: 'none' }
  /** The checkpoint is not our log's, signed with its key: why. */
  | { status: 'untrusted'; reason: string }
  | { status: 'verified'; checkpoint: TCheckpoint; witness: TWitness; fetchedAt: Date };

/** The localStorage key of the remembered checkpoint, per log (a build with another key starts afresh). */
export function rememberedCheckpointKey(origin: string): string {
  return `sh.log.checkpoint.${origin}`;
}

export type TLogWitnessOptions = {
  signal?: AbortSignal;
  client?: TApiClient;
  /** The C2SP verifier key to trust; the bundle's unless a test gives another. */
  verifierKey?: string;
  /** Where the largest checkpoint seen is kept; null keeps none. */
  storage?: Storage | null;
  now?: () => Date;
};

/** Fetches the latest checkpoint, verifies it and witnesses it against the one this browser remembered. */
export async function checkLatestCheckpoint(options: TLogWitnessOptions = {}): Promise<TLogCheck> {
  const {
    signal,
    client = api,
    verifierKey = LOG_VERIFIER_KEY,
    storage = localStorageOrNull(),
    now = () => new Date(),
  } = options;
  const key = await parseVerifierKey(verifierKey);
  const answer = await fetchLatestCheckpoint({ signal }, client);
  const fetchedAt = now();
  if (!answer) return { status: 'none' };

  let latest: TCheckpoint;
  try {
    latest = await openCheckpoint(answer.note, key);
  } catch (error) {
    if (error instanceof TransparencyLogError) return { status: 'untrusted', reason: error.message };
    throw error;
  }
  // The size and root the answer states beside the note must be the note's: the signed note is what counts.
  if (answer.treeSize !== latest.size || answer.rootHash !== latest.rootHashBase64) {
    return { status: 'untrusted', reason: 'the checkpoint’s size or root hash is not what its signed note says' };
  }

  const storageKey = rememberedCheckpointKey(key.name);
  const stored = storage?.getItem(storageKey) ?? null;
  const previous = await readRemembered(stored, key);
  const witness = await witnessAgainst(previous, latest, (from, to) =>
    fetchConsistencyProof(from, to, { signal }, client),
  );
  const isLarger = !previous || (witness.status === 'consistent' && latest.size > previous.size);
  // Written only over what was read: another tab may have remembered a larger one meanwhile.
  if (storage && isLarger && storage.getItem(storageKey) === stored) {
    storage.setItem(
      storageKey,
      JSON.stringify({ size: latest.size, rootHash: latest.rootHashBase64, note: latest.note }),
    );
  }
  return { status: 'verified', checkpoint: latest, witness, fetchedAt };
}

/**
 * Whether `previous` and `latest` can both be checkpoints of one append-only log: equal sizes need equal roots; of two
 * sizes, the smaller tree must be proven a prefix of the larger. A proof the server refuses (400 or 404: it cannot
 * make one) is an inconsistency too; any other failure to get one is thrown, saying nothing either way.
 */
export async function witnessAgainst(
  previous: TCheckpoint | null,
  latest: TCheckpoint,
  consistencyProof: (from: number, to: number) => Promise<Uint8Array[]>,
): Promise<TWitness> {
  if (!previous) return { status: 'first' };
  if (previous.size === latest.size) {
    return previous.rootHashBase64 === latest.rootHashBase64
      ? { status: 'consistent', previous }
      : { status: 'inconsistent', previous };
  }
  const [smaller, larger] = previous.size < latest.size ? [previous, latest] : [latest, previous];
  let proof: Uint8Array[];
  try {
    proof = await consistencyProof(smaller.size, larger.size);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 404))
      return { status: 'inconsistent', previous };
    throw error;
  }
  const isConsistent = await verifyConsistency(smaller.size, larger.size, smaller.rootHash, larger.rootHash, proof);
  return isConsistent ? { status: 'consistent', previous } : { status: 'inconsistent', previous };
}

/** A signed note verified as our log's checkpoint, with its size and root as the note states them. */
async function openCheckpoint(note: string, key: VerifierKey): Promise<TCheckpoint> {
  const checkpoint = await verifyCheckpoint(note, [key], key.name);
  return {
    size: checkpoint.size,
    rootHash: checkpoint.rootHash,
    rootHashBase64: encodeBase64(checkpoint.rootHash),
    note,
  };
}

/**
 * The remembered checkpoint, verified again: what is kept in storage is only believed with our key's signature on
 * it. Anything else there (unreadable, another key's, edited) is not a checkpoint we showed, and is ignored.
 */
async function readRemembered(stored: string | null, key: VerifierKey): Promise<TCheckpoint | null> {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as { size?: unknown; rootHash?: unknown; note?: unknown };
    if (typeof value.note !== 'string') return null;
    const checkpoint = await openCheckpoint(value.note, key);
    return value.size === checkpoint.size && value.rootHash === checkpoint.rootHashBase64 ? checkpoint : null;
  } catch {
    return null;
  }
}

/** A number of log entries for the visitor: "1 entry", "1,204 entries". */
export function formatEntries(entries: number): string {
  return `${formatWholeNumber(entries)} ${entries === 1 ? 'entry' : 'entries'}`;
}

/** For the visitor: how a checkpoint stands to the one this browser saw before, proven of one log only ever added to. */
export function describeConsistency(previousSize: number, size: number): string {
  if (previousSize === size) return 'It is the same checkpoint this browser saw before.';
  if (previousSize < size)
    return `It extends the checkpoint of ${formatEntries(previousSize)} this browser saw before, unchanged.`;
  return `The checkpoint of ${formatEntries(previousSize)} this browser saw before extends it, unchanged.`;
}

function localStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
