import { describe, expect, it } from 'vitest';
import { changesBetween, type AmendableField } from './amendment-changes.js';
import { generateKeyPairSync } from 'node:crypto';
import {
  amendmentEntryContent,
  hashEntryContent,
  receiptMessage,
  recordEntryContent,
  withdrawalEntryContent,
  type ChainLink,
  type SealedAmendment,
} from './chain-entry.js';
import { signerFromPrivateKey, type ReceiptSigner } from './signing-key.js';
import {
  verifyChain as verifyWithKeys,
  type ChainRecord,
  type HistoryKey,
  type StoredEntry,
  type StoredField,
} from './verify-chain.js';

const ADMIN_ID = '22222222-2222-4222-8222-222222222222';

const newSigner = () =>
  signerFromPrivateKey(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
/** The key the chains below are signed with, and the published history that holds it (its period not yet written). */
const KEY_A = newSigner();
const HISTORY: HistoryKey[] = [{ keyId: KEY_A.keyId, publicKey: KEY_A.publicKeyPem, from: null, until: null }];
const verifyChain = (chain: TestChain) => verifyWithKeys(chain, HISTORY);

/** When the entry at a position was signed: that minute past noon on 1 January 2025. */
const signedAtFor = (position: number) => new Date(Date.UTC(2025, 0, 1, 12, position));

/** A vehicle's stored chain as a test builds and tampers with it. */
interface TestChain {
  registration: string;
  entries: StoredEntry[];
  head: { length: number; headHash: string | null } | null;
  records: ChainRecord[];
  amendments: SealedAmendment[];
  fields: StoredField[];
}

function buildRecord(n: number): ChainRecord {
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
    withdrawn_at: null,
    withdrawn_by: null,
    withdrawal_reason: null,
  };
}

/** The receipt of an entry: its signature, by `signer`, over its fields as sealing signs them. */
function receiptFor(
  entry: Pick<StoredEntry, 'hash' | 'position' | 'prev_hash'>,
  signer: ReceiptSigner,
  signedAt: Date,
) {
  const message = receiptMessage({
    hash: entry.hash,
    position: entry.position,
    prev_hash: entry.prev_hash,
    registration: 'AB12CDE',
    signed_at: signedAt.toISOString(),
  });
  return { signed_at: signedAt, signature: signer.sign(message), key_id: signer.keyId };
}

/** Appends an entry whose content is known once its place is, as sealing does, signed by `signer`. */
function append(
  chain: TestChain,
  entry: Pick<StoredEntry, 'kind' | 'record_id' | 'amendment_id'>,
  contentAt: (link: ChainLink) => Record<string, unknown>,
  signer: ReceiptSigner = KEY_A,
) {
  const position = chain.entries.length + 1;
  const prevHash = chain.entries.at(-1)?.hash ?? null;
  const hash = hashEntryContent(contentAt({ position, prevHash }));
  const sealed = { position, prev_hash: prevHash, hash };
  chain.entries.push({
    ...entry,
    ...sealed,
    ...receiptFor(sealed, signer, signedAtFor(position)),
    format: 1,
    content: null,
  });
  chain.head = { length: position, headHash: hash };
}

/** A well-formed chain of n entries over fresh records, the first `signers[0]` signs, and so on (then key A). */
function buildChain(n: number, signers: readonly ReceiptSigner[] = []): TestChain {
  const chain: TestChain = {
    registration: 'AB12CDE',
    entries: [],
    head: null,
    records: [],
    amendments: [],
    fields: [],
  };
  for (let k = 1; k <= n; k += 1) {
    const record = buildRecord(k);
    chain.records.push(record);
    append(
      chain,
      { kind: 'record', record_id: record.id, amendment_id: null },
      (link) => recordEntryContent(record, link),
      signers[k - 1],
    );
  }
  return chain;
}

let amendmentCounter = 0;
/** Amends a record as the service does: stores the amendment, gives the record its new values, seals the amendment. */
function amend(
  chain: TestChain,
  record: ChainRecord,
  proposed: Partial<Record<AmendableField, string | null>>,
): SealedAmendment {
  amendmentCounter += 1;
  const current = {
    service_type: record.service_type,
    notes: record.notes,
    service_date: record.service_date,
    customer_email: null,
    customer_phone: null,
  };
  const amendment: SealedAmendment = {
    id: `aaaaaaaa-0000-4000-8000-${String(amendmentCounter).padStart(12, '0')}`,
    record_id: record.id,
    amended_by: ADMIN_ID,
    amended_at: new Date(`2025-01-0${(amendmentCounter % 9) + 1}T10:00:00.000Z`),
    reason: "Corrected at the garage's request",
    changes: changesBetween(current, proposed),
  };
  chain.amendments.push(amendment);
  for (const change of amendment.changes) {
    if (change.field === 'service_type' || change.field === 'service_date') record[change.field] = change.to ?? '';
    if (change.field === 'notes') record.notes = change.to;
  }
  append(chain, { kind: 'amendment', record_id: record.id, amendment_id: amendment.id }, (link) =>
    amendmentEntryContent(amendment, link),
  );
  return amendment;
}

/** Withdraws a record as the service does. */
function withdraw(chain: TestChain, record: ChainRecord): void {
  record.withdrawn_at = new Date('2025-02-01T12:00:00.000Z');
  record.withdrawn_by = ADMIN_ID;
  record.withdrawal_reason = 'Logged against the wrong vehicle';
  const withdrawal = {
    record_id: record.id,
    withdrawn_by: ADMIN_ID,
    withdrawn_at: record.withdrawn_at,
    reason: record.withdrawal_reason,
  };
  append(chain, { kind: 'withdrawal', record_id: record.id, amendment_id: null }, (link) =>
    withdrawalEntryContent(withdrawal, link),
  );
}

/** Two records, the first amended twice (notes, then notes and date, with a customer e-mail), the second withdrawn. */
function buildCorrectedChain() {
  const chain = buildChain(2);
  const [first, second] = chain.records as [ChainRecord, ChainRecord];
  amend(chain, first, { notes: 'Front pads replaced' });
  amend(chain, first, {
    notes: 'Rear pads replaced',
    service_date: '2024-01-02',
    customer_email: 'owner@example.co.uk',
  });
  withdraw(chain, second);
  return { chain, first, second };
}

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

describe('verifyChain checks every receipt signature against the key history', () => {
  const KEY_B = newSigner();
  /** Keys A then B, A's period covering positions 1 and 2 and B's 3 and 4, as the history writes them. */
  const ROTATED: HistoryKey[] = [
    {
      keyId: KEY_A.keyId,
      publicKey: KEY_A.publicKeyPem,
      from: signedAtFor(1).toISOString(),
      until: signedAtFor(2).toISOString(),
    },
    {
      keyId: KEY_B.keyId,
      publicKey: KEY_B.publicKeyPem,
      from: signedAtFor(3).toISOString(),
      until: signedAtFor(4).toISOString(),
    },
  ];
  const rotatedChain = () => buildChain(4, [KEY_A, KEY_A, KEY_B, KEY_B]);

  /** The tamper of issue 23: a record changed, its entry's hash, the next link and the head recomputed, no key. */
  function rehashFrom(chain: TestChain, position: number): void {
    for (let index = position - 1; index < chain.entries.length; index += 1) {
      const entry = chain.entries[index]!;
      const prevHash = chain.entries[index - 1]?.hash ?? null;
      const hash = hashEntryContent(recordEntryContent(chain.records[index]!, { position: entry.position, prevHash }));
      chain.entries[index] = { ...entry, prev_hash: prevHash, hash };
    }
    chain.head = { length: chain.entries.length, headHash: chain.entries.at(-1)!.hash };
  }

  const cases: Array<{
    name: string;
    build: () => TestChain;
    keys: HistoryKey[];
    brokenAt: { position: number; reason: string } | null;
  }> = [
    {
      name: 'a chain whose every signature verifies is intact',
      build: () => buildChain(3),
      keys: HISTORY,
      brokenAt: null,
    },
    {
      name: 'a mileage changed with its hash, the following links and the head recomputed breaks at that entry',
      build: () => {
        const chain = buildChain(3);
        chain.records[1]!.mileage = 1;
        rehashFrom(chain, 2);
        return chain;
      },
      keys: HISTORY,
      brokenAt: { position: 2, reason: 'its signature does not match' },
    },
    {
      name: 'a signature that is not base64 Ed25519 at all does not match',
      build: () => {
        const chain = buildChain(2);
        chain.entries[0] = { ...chain.entries[0]!, signature: 'not a signature' };
        return chain;
      },
      keys: HISTORY,
      brokenAt: { position: 1, reason: 'its signature does not match' },
    },
    {
      name: 'an entry re-signed with a key the history does not hold names a key we never published',
      build: () => {
        const chain = buildChain(2);
        const forger = newSigner();
        chain.entries[1] = { ...chain.entries[1]!, ...receiptFor(chain.entries[1]!, forger, signedAtFor(2)) };
        return chain;
      },
      keys: HISTORY,
      brokenAt: { position: 2, reason: 'it names a signing key we never published' },
    },
    {
      name: 'a key the history knows only by id cannot vouch for an entry',
      build: () => buildChain(1),
      keys: [{ keyId: KEY_A.keyId, publicKey: null, from: null, until: null }],
      brokenAt: { position: 1, reason: 'it names a signing key we never published' },
    },
    {
      name: "a key id whose published key is another key's does not match",
      build: () => buildChain(1),
      keys: [{ keyId: KEY_A.keyId, publicKey: newSigner().publicKeyPem, from: null, until: null }],
      brokenAt: { position: 1, reason: 'its signature does not match' },
    },
    {
      name: 'a rotation: entries signed by key A, then by key B, are all intact',
      build: rotatedChain,
      keys: ROTATED,
      brokenAt: null,
    },
    {
      name: 'a retired key used to sign an entry dated after its period breaks there',
      build: () => {
        const chain = rotatedChain();
        chain.entries[3] = { ...chain.entries[3]!, ...receiptFor(chain.entries[3]!, KEY_A, signedAtFor(4)) };
        return chain;
      },
      keys: ROTATED,
      brokenAt: { position: 4, reason: 'it was signed when its signing key was not in use' },
    },
    {
      name: "a signature a moment after the key's last written use is intact: the period lags by up to a second",
      build: () => {
        const chain = rotatedChain();
        chain.entries[1] = {
          ...chain.entries[1]!,
          ...receiptFor(chain.entries[1]!, KEY_A, new Date(signedAtFor(2).getTime() + 900)),
        };
        return chain;
      },
      keys: ROTATED,
      brokenAt: null,
    },
  ];

  it.each(cases)('$name', ({ build, keys, brokenAt }) => {
    const chain = build();
    const verdict = verifyWithKeys(chain, keys);
    expect(verdict.brokenAt).toEqual(
      brokenAt && { ...brokenAt, record_id: chain.entries[brokenAt.position - 1]!.record_id },
    );
    expect(verdict.valid).toBe(brokenAt === null);
  });

  it('checks the signature over the vehicle it names: an entry moved to another vehicle does not match', () => {
    const chain = buildChain(1);
    expect(verifyWithKeys({ ...chain, registration: 'ZZ99ZZZ' }, HISTORY).brokenAt).toMatchObject({
      position: 1,
      reason: 'its signature does not match',
    });
  });
});
