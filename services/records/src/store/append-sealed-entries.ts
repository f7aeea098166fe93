import type { PoolClient } from '@sh/shared/server';
import type { FieldDisclosure, StoredSubtree } from '@sh/shared/transparency-log';

/** How many rows one INSERT stores. */
const ROWS_PER_INSERT = 1_000;

/** A format-2 record entry sealed in memory, with its leaf in the log (seal-imported-records.ts). */
export interface SealedEntryRow {
  registration: string;
  position: number;
  recordId: string;
  hash: string;
  prevHash: string | null;
  signedAt: Date;
  signature: string;
  keyId: string;
  content: string;
  fields: readonly FieldDisclosure[];
  leafIndex: number;
  leafHash: Uint8Array;
}

async function inBatches<T>(rows: readonly T[], insert: (batch: readonly T[]) => Promise<unknown>): Promise<void> {
  for (let from = 0; from < rows.length; from += ROWS_PER_INSERT)
    await insert(rows.slice(from, from + ROWS_PER_INSERT));
}

/**
 * Stores many record entries at once, as appendChainEntry and appendLogLeaf store one each: the entries with their
 * kept fields, their leaves and the perfect subtrees they complete, ROWS_PER_INSERT rows to a statement; then each
 * vehicle's chain head and the log's head move to the last entry. The caller holds every vehicle's chain and the
 * log's head (lockVehicleChains, then lockLogHead), and made the entries in chain and log order.
 */
export async function appendSealedEntries(
  client: PoolClient,
  entries: readonly SealedEntryRow[],
  subtrees: readonly StoredSubtree[],
): Promise<void> {
  await inBatches(entries, (batch) =>
    client.query(
      `INSERT INTO chain_entries (registration, position, kind, record_id, amendment_id, hash, prev_hash, signed_at, signature, key_id, format, content)
       SELECT registration, position, 'record', record_id, NULL, hash, prev_hash, signed_at, signature, key_id, 2, content
         FROM unnest($1::text[], $2::int[], $3::uuid[], $4::text[], $5::text[], $6::timestamptz[], $7::text[], $8::text[], $9::text[])
           AS e(registration, position, record_id, hash, prev_hash, signed_at, signature, key_id, content)`,
      [
        batch.map((e) => e.registration),
        batch.map((e) => e.position),
        batch.map((e) => e.recordId),
        batch.map((e) => e.hash),
        batch.map((e) => e.prevHash),
        batch.map((e) => e.signedAt),
        batch.map((e) => e.signature),
        batch.map((e) => e.keyId),
        batch.map((e) => e.content),
      ],
    ),
  );
  const fields = entries.flatMap((e) =>
    e.fields.map((f) => ({ ...f, registration: e.registration, position: e.position })),
  );
  await inBatches(fields, (batch) =>
    client.query(
      `INSERT INTO entry_fields (registration, position, path, value, salt)
       SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[])`,
      [
        batch.map((f) => f.registration),
        batch.map((f) => f.position),
        batch.map((f) => f.path),
        batch.map((f) => f.value),
        batch.map((f) => f.salt),
      ],
    ),
  );
  await inBatches(entries, (batch) =>
    client.query(
      `INSERT INTO log_leaves (leaf_index, registration, position, leaf_hash)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::int[], $4::bytea[])`,
      [
        batch.map((e) => e.leafIndex),
        batch.map((e) => e.registration),
        batch.map((e) => e.position),
        batch.map((e) => Buffer.from(e.leafHash)),
      ],
    ),
  );
  await inBatches(subtrees, (batch) =>
    client.query(
      `INSERT INTO log_subtrees (start_index, end_index, hash)
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bytea[])`,
      [batch.map((s) => s.start), batch.map((s) => s.end), batch.map((s) => Buffer.from(s.hash))],
    ),
  );
  const heads = new Map(entries.map((e) => [e.registration, e]));
  await inBatches([...heads.values()], (batch) =>
    client.query(
      `UPDATE vehicle_chains c SET length = h.position, head_hash = h.hash
         FROM unnest($1::text[], $2::int[], $3::text[]) AS h(registration, position, hash)
        WHERE c.registration = h.registration`,
      [batch.map((e) => e.registration), batch.map((e) => e.position), batch.map((e) => e.hash)],
    ),
  );
  const last = entries.at(-1);
  if (last) await client.query('UPDATE log_head SET size = $1 WHERE id', [last.leafIndex + 1]);
}
