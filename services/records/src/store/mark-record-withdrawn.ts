import type { PoolClient } from '@sh/shared/server';

/** Withdraws a locked record from public view, keeping who did it and why. */
export async function markRecordWithdrawn(
  client: PoolClient,
  withdrawal: { recordId: string; withdrawnAt: Date; withdrawnBy: string; withdrawnByEmail: string; reason: string },
): Promise<void> {
  await client.query(
    `UPDATE service_records SET withdrawn_at = $2, withdrawn_by = $3, withdrawn_by_email = $4, withdrawal_reason = $5
      WHERE id = $1 AND withdrawn_at IS NULL`,
    [
      withdrawal.recordId,
      withdrawal.withdrawnAt,
      withdrawal.withdrawnBy,
      withdrawal.withdrawnByEmail,
      withdrawal.reason,
    ],
  );
}
