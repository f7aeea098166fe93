import { type TLogCheckpoint, type TLogKeys, TRANSPARENCY_LOG_MESSAGES } from '@sh/shared/contract';
import { AppError, type Queryable } from '@sh/shared/server';
import { encodeBase64 } from '@sh/shared/transparency-log';
import {
  findLatestLogCheckpoint,
  findLogCheckpoint,
  findLogKeys,
  type LogCheckpointRow,
} from '../store/log-checkpoints.js';
import type { LogIdentity } from './log-signer.js';

/** A kept checkpoint as the API answers it: its size and root hash read out, and the signed note. */
export function presentCheckpoint(row: LogCheckpointRow): TLogCheckpoint {
  return { treeSize: Number(row.tree_size), rootHash: encodeBase64(row.root_hash), note: row.note };
}

/** The latest signed checkpoint; not found before the first. */
export async function latestCheckpoint(db: Queryable): Promise<TLogCheckpoint> {
  const row = await findLatestLogCheckpoint(db);
  if (!row) throw new AppError('not_found', TRANSPARENCY_LOG_MESSAGES.noCheckpoint);
  return presentCheckpoint(row);
}

/** The checkpoint issued at a tree size; not found when none was. */
export async function checkpointAt(db: Queryable, treeSize: number): Promise<TLogCheckpoint> {
  const row = await findLogCheckpoint(db, treeSize);
  if (!row) throw new AppError('not_found', TRANSPARENCY_LOG_MESSAGES.checkpointNotFound);
  return presentCheckpoint(row);
}

/**
 * The log's origin, the key signing now, and every key that has signed checkpoints, oldest first with its period;
 * the key signing now is listed (without a period) before its first checkpoint too.
 */
export async function logKeys(db: Queryable, log: LogIdentity): Promise<TLogKeys> {
  const keys = (await findLogKeys(db)).map((row) => ({
    keyId: row.key_id,
    verifierKey: row.verifier_key,
    from: row.first_used_at.toISOString(),
    until: row.last_used_at.toISOString(),
  }));
  const current = keys.some((key) => key.verifierKey === log.verifierKey)
    ? []
    : [{ keyId: log.verifierKey.split('+')[1] ?? '', verifierKey: log.verifierKey, from: null, until: null }];
  return { origin: log.origin, verifierKey: log.verifierKey, keys: [...keys, ...current] };
}
