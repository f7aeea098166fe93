import { writeEvent, type PoolClient } from '@sh/shared/server';
import { encodeBase64 } from '@sh/shared/transparency-log';

/**
 * Writes transparency_log.checkpoint_issued into the outbox, in the transaction that keeps the checkpoint: the
 * receipt mails of the entries it covers wait for it, and it commits (and is delivered) exactly when the checkpoint
 * does. Nothing secret: the signed note is public.
 */
export async function publishCheckpointIssued(
  client: PoolClient,
  checkpoint: { treeSize: number; rootHash: Uint8Array; note: string; issuedAt: Date },
): Promise<void> {
  await writeEvent(client, 'transparency_log.checkpoint_issued', {
    treeSize: checkpoint.treeSize,
    rootHash: encodeBase64(checkpoint.rootHash),
    note: checkpoint.note,
    issuedAt: checkpoint.issuedAt.toISOString(),
  });
}
