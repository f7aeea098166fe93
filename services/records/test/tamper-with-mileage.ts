import { withTransaction, type Pool } from '@sh/shared/server';
import { canonicalJson, hashEntryContent } from '../src/domain/chain-entry.js';
import { verifyChain } from '../src/domain/verify-chain.js';
import { findVehicleChain } from '../src/store/find-vehicle-chain.js';

/**
 * The tamper of issue 23, as someone with write access to records' database (and no signing key) would do it: sets
 * the mileage of the record sealed at `position` of the vehicle's chain, recomputes that entry's hash with the
 * project's own hashing, then the prev_hash and hash of every entry after it, and the chain head, so that every hash
 * and link checks out again; a format-2 entry's kept content is rewritten to match. Only the receipts' signatures,
 * which cannot be remade without the key, are left as they were. Answers the entry's hash before and after.
 */
export async function tamperWithMileage(
  pool: Pool,
  registration: string,
  position: number,
  newMileage: number,
): Promise<{ recordId: string; oldHash: string; newHash: string }> {
  const chain = await findVehicleChain(pool, registration);
  // The content each entry seals, recomputed from what is stored (no keys: signatures are not this helper's business).
  const { entries } = verifyChain(chain, []);
  const target = entries.find((entry) => entry.position === position);
  if (
    !target?.content ||
    target.kind !== 'record' ||
    entries.some((entry) => entry.content === null) ||
    entries.length !== chain.entries.length
  ) {
    throw new Error(`entry ${position} of ${registration} is not an intact record entry`);
  }
  // Mileage is never amended, so the record as logged differs from the stored row in its mileage alone.
  const rehashed: Array<{ position: number; hash: string; prevHash: string | null; content: string | null }> = [];
  let prevHash = target.prev_hash;
  for (const entry of entries.filter((candidate) => candidate.position >= position)) {
    if (!entry.content) throw new Error(`entry ${entry.position} of ${registration} shows no content to rehash`);
    const content =
      entry.position === position
        ? { ...entry.content, record: { ...(entry.content.record as Record<string, unknown>), mileage: newMileage } }
        : { ...entry.content, prev_hash: prevHash };
    const hash = hashEntryContent(content);
    rehashed.push({
      position: entry.position,
      hash,
      prevHash,
      content: entry.format === 2 ? canonicalJson(content) : null,
    });
    prevHash = hash;
  }

  await withTransaction(pool, async (db) => {
    await db.query('UPDATE service_records SET mileage = $2 WHERE id = $1', [target.record_id, newMileage]);
    for (const entry of rehashed) {
      await db.query(
        'UPDATE chain_entries SET hash = $3, prev_hash = $4, content = COALESCE($5, content) WHERE registration = $1 AND position = $2',
        [registration, entry.position, entry.hash, entry.prevHash, entry.content],
      );
    }
    await db.query('UPDATE vehicle_chains SET head_hash = $2 WHERE registration = $1', [registration, prevHash]);
  });
  return { recordId: target.record_id, oldHash: target.hash, newHash: rehashed[0]!.hash };
}
