import { startBatchLoop, withTransaction, type Logger, type Pool } from '@sh/shared/server';
import { computeRootHash, signCheckpoint } from '@sh/shared/transparency-log';
import { publishCheckpointIssued } from '../events/publish-checkpoint-issued.js';
import { findLogSize } from '../store/find-log-size.js';
import { findLatestCheckpointTime, findLatestLogCheckpoint, insertLogCheckpoint } from '../store/log-checkpoints.js';
import { storedSubtreeReader } from '../store/read-log-subtree.js';
import { LOG_TREE_HASHER } from './log-entry.js';
import type { LogSigner } from './log-signer.js';

/** The advisory lock a checkpoint issue holds (727274 the migrations, 727275 the reconciler, 727278 the prewarm). */
export const CHECKPOINT_LOCK = 727_277;

/**
 * How much short of the interval after the latest checkpoint another may still be signed: a twentieth, for a timer
 * that fires a little early or a host's clock a little ahead, so that a replica on its own never skips its turn.
 */
const SPACING_SLACK = 0.05;

/**
 * Signs a checkpoint of the log as it stands, if it grew since the latest one, and keeps it with its event (the receipt
 * mails it covers wait for it); answers its size, or null when there was nothing to sign or another replica is signing
 * (an advisory lock, so one checkpoint, and one event, per size). With `spacingMs`, also null when the latest was
 * signed less than that ago (less its slack), by whichever replica: checkpoints stay an interval apart however many
 * replicas run the issuer (docs/deployment.md#replicas).
 * It reads the committed size and the stored subtrees under it, and takes no row lock, so writers never wait on it.
 */
export async function issueCheckpoint(
  pool: Pool,
  log: LogSigner,
  now: () => Date = () => new Date(),
  spacingMs = 0,
): Promise<number | null> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [
      CHECKPOINT_LOCK,
    ]);
    if (!rows[0]?.locked) return null;
    const latestAt = spacingMs > 0 ? await findLatestCheckpointTime(client) : null;
    if (latestAt && now().getTime() - latestAt.getTime() < spacingMs * (1 - SPACING_SLACK)) return null;
    const size = await findLogSize(client);
    const latest = await findLatestLogCheckpoint(client);
    if (size === 0 || (latest && Number(latest.tree_size) >= size)) return null;
    const rootHash = await computeRootHash(size, storedSubtreeReader(client), LOG_TREE_HASHER);
    const note = await signCheckpoint({ origin: log.origin, size, rootHash }, log.signer);
    const issuedAt = now();
    await insertLogCheckpoint(client, {
      treeSize: size,
      rootHash,
      note,
      verifierKey: log.verifierKey,
      keyId: log.keyId,
      issuedAt,
    });
    await publishCheckpointIssued(client, { treeSize: size, rootHash, note, issuedAt });
    return size;
  });
}

/**
 * Issues a checkpoint every intervalMs while records runs (none when the log did not grow, nor when another replica
 * issued one within the interval), on the kit's batch loop: stop() waits for one under way, and a failed issue is
 * logged and tried again at the next interval.
 */
export function startCheckpointIssuer(
  pool: Pool,
  log: LogSigner,
  intervalMs: number,
  logger: Logger,
): { stop(): Promise<void> } {
  return startBatchLoop({
    runBatch: async () => {
      const size = await issueCheckpoint(pool, log, () => new Date(), intervalMs);
      if (size !== null) logger.info({ treeSize: size }, 'signed a checkpoint of the transparency log');
      return 0;
    },
    batchSize: 1,
    pollMs: intervalMs,
    onError: (error) =>
      logger.warn(
        { err: error },
        'could not sign a checkpoint of the transparency log; trying again at the next interval',
      ),
  });
}
