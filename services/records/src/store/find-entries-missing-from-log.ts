import type { Queryable } from '@sh/shared/server';
import type { LoggedChainEntry } from '../domain/log-entry.js';

/**
 * The first chain entries not in the transparency log yet, in their order of entry (signed_at, registration, position).
 * Only entries of format 1, sealed before the log could exist: every later one joins the log in its own transaction,
 * so a row that appears in chain_entries any other way stays out of the log (and verification reports it).
 */
export async function findEntriesMissingFromLog(db: Queryable, limit: number): Promise<LoggedChainEntry[]> {
  const { rows } = await db.query<Omit<LoggedChainEntry, 'signed_at'> & { signed_at: Date }>(
    `SELECT c.registration, c.position, c.kind, c.hash, c.prev_hash, c.signed_at, c.key_id, c.signature
       FROM chain_entries c
      WHERE c.format = 1 AND NOT EXISTS (SELECT 1 FROM log_leaves l WHERE l.registration = c.registration AND l.position = c.position)
      ORDER BY c.signed_at, c.registration, c.position
      LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({ ...row, signed_at: row.signed_at.toISOString() }));
}
