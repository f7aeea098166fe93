import type { PoolClient } from '@sh/shared/server';
import type { AmendmentRow } from './amendment-row.js';

/** Stores an amendment; it is never updated or deleted afterwards. */
export async function insertRecordAmendment(client: PoolClient, amendment: AmendmentRow): Promise<void> {
  await client.query(
    `INSERT INTO record_amendments (id, record_id, amended_by, amended_by_email, amended_at, reason, changes)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      amendment.id,
      amendment.record_id,
      amendment.amended_by,
      amendment.amended_by_email,
      amendment.amended_at,
      amendment.reason,
      JSON.stringify(amendment.changes),
    ],
  );
}
