import { describe, expect, it } from 'vitest';
import { amendmentEntryContent } from './chain-entry.js';
import { verifyChain as verifyWithKeys } from './verify-chain.js';
import {
  ADMIN_ID,
  amend,
  buildChain,
  buildCorrectedChain,
  buildRecord,
  HISTORY,
  type TestChain,
} from './verify-chain.fixtures.js';

const verifyChain = (chain: TestChain) => verifyWithKeys(chain, HISTORY);

describe('verifyChain', () => {
  it('accepts an intact chain and answers its length and head', () => {
    const chain = buildChain(3);
    expect(verifyChain(chain)).toMatchObject({ valid: true, length: 3, head: chain.entries[2]!.hash, brokenAt: null });
  });

  it('accepts a vehicle with no entries at all', () => {
    expect(
      verifyChain({ registration: 'AB12CDE', entries: [], head: null, records: [], amendments: [], fields: [] }),
    ).toMatchObject({ valid: true, length: 0, head: null });
  });

  it('reports the first entry whose record changed', () => {
    const chain = buildChain(3);
    chain.records[1]!.notes = 'rewritten';
    expect(verifyChain(chain).brokenAt).toMatchObject({ position: 2, reason: 'the record no longer matches its hash' });
  });

  it('reports an entry removed from the middle or from the end', () => {
    const chain = buildChain(4);
    expect(
      verifyChain({
        ...chain,
        entries: [chain.entries[0]!, chain.entries[2]!, chain.entries[3]!],
        records: chain.records.slice(0, 1).concat(chain.records.slice(2)),
      }).brokenAt?.position,
    ).toBe(2);
    expect(
      verifyChain({ ...chain, entries: chain.entries.slice(0, 3), records: chain.records.slice(0, 3) }).brokenAt
        ?.reason,
    ).toBe('entries are missing from the end of the chain');
  });

  it('reports a record that is missing or stored outside the chain', () => {
    const chain = buildChain(2);
    expect(verifyChain({ ...chain, records: chain.records.slice(0, 1) }).brokenAt?.reason).toBe(
      'the record it seals is missing',
    );
    const outside = { ...buildRecord(9), id: '00000000-0000-4000-8000-000000000009' };
    expect(verifyChain({ ...chain, records: [...chain.records, outside] }).brokenAt).toEqual({
      position: 3,
      record_id: '00000000-0000-4000-8000-000000000009',
      reason: 'a record was stored outside the chain',
    });
  });
});

describe('verifyChain with amendments and withdrawals', () => {
  it('accepts records that read with their amendments, and a withdrawn record, and lists every entry', () => {
    const { chain } = buildCorrectedChain();
    const verdict = verifyChain(chain);
    expect(verdict).toMatchObject({ valid: true, length: 5, brokenAt: null });
    expect(verdict.entries.map((entry) => entry.kind)).toEqual([
      'record',
      'record',
      'amendment',
      'amendment',
      'withdrawal',
    ]);
  });

  it('recomputes each record entry from the record as it was logged, not as it reads now, and shows it no more', () => {
    const { chain } = buildCorrectedChain();
    const verdict = verifyChain(chain);
    // The hash of entry 1 was made from the notes and date as logged: only walking the amendments back matches it.
    expect(verdict).toMatchObject({ valid: true, brokenAt: null });
    expect(chain.records[0]).toMatchObject({ notes: 'Rear pads replaced', service_date: '2024-01-02' });
    // A format-1 entry holds its values themselves: once amended or withdrawn, they are no longer shown.
    expect(verdict.entries.map((entry) => entry.content === null)).toEqual([true, true, true, true, true]);
  });

  it('shows the content of a format-1 record entry while none of it was amended or withdrawn', () => {
    const verdict = verifyChain(buildChain(2));
    expect(verdict.entries[1]!.content).toMatchObject({ kind: 'record', record: { id: expect.any(String) as string } });
    expect(verdict.entries.every((entry) => entry.format === 1 && entry.disclosures.length === 0)).toBe(true);
  });

  it('seals the old and new values of history fields but only the names of customer-contact fields', () => {
    const { chain } = buildCorrectedChain();
    const amendment = chain.amendments[1]!;
    expect(amendmentEntryContent(amendment, { position: 4, prevHash: null })).toMatchObject({
      kind: 'amendment',
      amendment: {
        amended_by: ADMIN_ID,
        reason: "Corrected at the garage's request",
        changes: [
          { field: 'notes', from: 'Front pads replaced', to: 'Rear pads replaced' },
          { field: 'service_date', from: '2024-01-01', to: '2024-01-02' },
        ],
        contact_fields_changed: ['customer_email'],
      },
    });
    expect(JSON.stringify(verifyChain(chain).entries)).not.toContain('owner@example.co.uk');
    expect(JSON.stringify(verifyChain(chain).entries)).not.toContain('Front pads replaced');
  });

  it('detects a change to an amended field of the record, at the amendment that no longer matches it', () => {
    const { chain, first } = buildCorrectedChain();
    first.notes = 'Nothing replaced';
    expect(verifyChain(chain).brokenAt).toEqual({
      position: 4,
      record_id: first.id,
      reason: 'the record no longer reads as this amendment left it',
    });
  });

  it('detects a change to a field no amendment touched, at the record entry', () => {
    const { chain, first } = buildCorrectedChain();
    first.service_type = 'Oil & Filter Change';
    expect(verifyChain(chain).brokenAt).toEqual({
      position: 1,
      record_id: first.id,
      reason: 'the record no longer matches its hash',
    });
  });

  it('detects a changed amendment: its reason, or its old values, or its new values together with the record', () => {
    const reasonChanged = buildCorrectedChain();
    reasonChanged.chain.amendments[0]!.reason = 'No reason';
    expect(verifyChain(reasonChanged.chain).brokenAt).toMatchObject({
      position: 3,
      reason: 'the amendment no longer matches its hash',
    });

    const fromChanged = buildCorrectedChain();
    fromChanged.chain.amendments[0]!.changes[0]!.from = 'Brakes checked';
    expect(verifyChain(fromChanged.chain).brokenAt).toMatchObject({
      position: 1,
      reason: 'the record no longer matches its hash',
    });

    const forged = buildCorrectedChain();
    forged.chain.amendments[1]!.changes[0]!.to = 'Nothing replaced';
    forged.first.notes = 'Nothing replaced';
    expect(verifyChain(forged.chain).brokenAt).toMatchObject({
      position: 4,
      reason: 'the amendment no longer matches its hash',
    });
  });

  it('detects an amendment row that is gone, and one stored without an entry', () => {
    const gone = buildCorrectedChain();
    gone.chain.amendments.splice(0, 1);
    // Without it the record cannot be walked back to what was logged, so the first break is the record's own entry.
    expect(verifyChain(gone.chain).brokenAt).toEqual({
      position: 1,
      record_id: gone.first.id,
      reason: 'the record no longer matches its hash',
    });
    const goneAlone = buildChain(1);
    const amendment = amend(goneAlone, goneAlone.records[0]!, { customer_phone: '07700900123' });
    goneAlone.amendments = goneAlone.amendments.filter((stored) => stored !== amendment);
    expect(verifyChain(goneAlone).brokenAt).toMatchObject({ position: 2, reason: 'the amendment it seals is missing' });

    const unsealed = buildCorrectedChain();
    unsealed.chain.amendments.push({
      ...unsealed.chain.amendments[0]!,
      id: 'bbbbbbbb-0000-4000-8000-000000000001',
      changes: [{ field: 'customer_phone', from: null, to: '07700900123' }],
    });
    expect(verifyChain(unsealed.chain).brokenAt).toEqual({
      position: 6,
      record_id: unsealed.first.id,
      reason: 'an amendment was stored outside the chain',
    });
  });

  it('detects tampering with withdrawn_at: a withdrawal without an entry, one undone, and one re-dated', () => {
    const withdrawnOutside = buildCorrectedChain();
    withdrawnOutside.first.withdrawn_at = new Date('2025-03-01T00:00:00.000Z');
    expect(verifyChain(withdrawnOutside.chain).brokenAt).toEqual({
      position: 6,
      record_id: withdrawnOutside.first.id,
      reason: 'a record was withdrawn outside the chain',
    });

    const putBack = buildCorrectedChain();
    putBack.second.withdrawn_at = null;
    expect(verifyChain(putBack.chain).brokenAt).toEqual({
      position: 5,
      record_id: putBack.second.id,
      reason: 'the record was put back in public view after its withdrawal',
    });

    const redated = buildCorrectedChain();
    redated.second.withdrawn_at = new Date('2025-02-02T12:00:00.000Z');
    expect(verifyChain(redated.chain).brokenAt).toEqual({
      position: 5,
      record_id: redated.second.id,
      reason: 'the withdrawal no longer matches its hash',
    });
  });
});
