import { describe, expect, it } from 'vitest';
import type { ServiceRecordRow } from '../store/service-record-row.js';
import { hashEntryContent, recordEntryContent } from './chain-entry.js';
import { verifyChain, type StoredEntry } from './verify-chain.js';

function buildRecord(n: number): ServiceRecordRow {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    garage_id: '11111111-1111-4111-8111-111111111111',
    vin: 'WVWZZZ1JZXW000001',
    vehicle_registration: 'AB12CDE',
    service_date: `2024-0${n}-01`,
    mileage: 10000 * n,
    service_type: 'Full Service',
    notes: null,
    technician_name: 'Sam Patel',
    signed_by: 'Sam Patel',
    created_at: new Date(`2024-0${n}-01T17:00:00.000Z`),
  };
}

/** A well-formed chain of n entries over fresh records. */
function buildChain(n: number): StoredEntry[] {
  const entries: StoredEntry[] = [];
  let prevHash: string | null = null;
  for (let position = 1; position <= n; position += 1) {
    const record = buildRecord(position);
    const hash = hashEntryContent(recordEntryContent(record, { position, prevHash }));
    entries.push({ position, kind: 'record', record_id: record.id, hash, prev_hash: prevHash, record });
    prevHash = hash;
  }
  return entries;
}

const headOf = (entries: StoredEntry[]) => ({ length: entries.length, headHash: entries.at(-1)?.hash ?? null });

describe('verifyChain', () => {
  it('accepts an intact chain and answers its length and head', () => {
    const chain = buildChain(3);
    expect(verifyChain(chain, headOf(chain), [])).toMatchObject({ valid: true, length: 3, head: chain[2]!.hash, brokenAt: null });
  });

  it('accepts a vehicle with no entries at all', () => {
    expect(verifyChain([], null, [])).toMatchObject({ valid: true, length: 0, head: null });
  });

  it('reports the first entry whose record changed', () => {
    const chain = buildChain(3);
    chain[1]!.record = { ...chain[1]!.record!, notes: 'rewritten' };
    expect(verifyChain(chain, headOf(chain), []).brokenAt).toMatchObject({ position: 2, reason: 'the record no longer matches its hash' });
  });

  it('reports an entry whose hash was recomputed to hide a change, at the next link', () => {
    const chain = buildChain(3);
    const changed = { ...chain[1]!.record!, mileage: 1 };
    chain[1] = { ...chain[1]!, record: changed, hash: hashEntryContent(recordEntryContent(changed, { position: 2, prevHash: chain[0]!.hash })) };
    expect(verifyChain(chain, headOf(chain), []).brokenAt).toMatchObject({ position: 3, reason: 'its link to the previous entry does not match' });
  });

  it('reports an entry removed from the middle or from the end', () => {
    const chain = buildChain(4);
    const head = headOf(chain);
    expect(verifyChain([chain[0]!, chain[2]!, chain[3]!], head, []).brokenAt?.position).toBe(2);
    expect(verifyChain(chain.slice(0, 3), head, []).brokenAt?.reason).toBe('entries are missing from the end of the chain');
  });

  it('reports a record that is missing or stored outside the chain', () => {
    const chain = buildChain(2);
    expect(verifyChain([chain[0]!, { ...chain[1]!, record: null }], headOf(chain), []).brokenAt?.reason).toBe('the record it seals is missing');
    expect(verifyChain(chain, headOf(chain), ['00000000-0000-4000-8000-000000000009']).brokenAt).toEqual({
      position: 3,
      record_id: '00000000-0000-4000-8000-000000000009',
      reason: 'a record was stored outside the chain',
    });
  });
});
