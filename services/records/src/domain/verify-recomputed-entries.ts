/**
 * Verifying format-1 entries: each hashed its values themselves, so its content is recomputed from the rows as stored.
 * A record's entry from the record as it was logged (its amendments walked back, newest first), an amendment's from
 * its row, a withdrawal's from the record's withdrawal columns. Format-2 entries are verify-sealed-fields.ts's.
 */
import type { ServiceRecordRow } from '../store/service-record-row.js';
import { isHistoryChange } from './amendment-changes.js';
import {
  amendmentEntryContent,
  recordEntryContent,
  withdrawalEntryContent,
  type SealedAmendment,
} from './chain-entry.js';
import type { BrokenAt, ChainRecord, StoredEntry } from './verify-chain.js';

/**
 * Each record as it was logged: its current values with its amendments undone, newest first. An amendment whose new
 * values are not what the record reads at that point (the record, or the amendment, was changed since) is a break at
 * that amendment's entry.
 */
export function originalRecords(
  entries: readonly StoredEntry[],
  records: readonly ChainRecord[],
  amendments: ReadonlyMap<string, SealedAmendment>,
): { originals: Map<string, ServiceRecordRow>; failures: BrokenAt[] } {
  const amendmentsOf = new Map<string, Array<{ position: number; amendment: SealedAmendment }>>();
  for (const [index, entry] of entries.entries()) {
    const amendment = entry.kind === 'amendment' && entry.amendment_id ? amendments.get(entry.amendment_id) : undefined;
    if (!amendment || amendment.record_id !== entry.record_id) continue;
    amendmentsOf.set(entry.record_id, [
      ...(amendmentsOf.get(entry.record_id) ?? []),
      { position: index + 1, amendment },
    ]);
  }
  const originals = new Map<string, ServiceRecordRow>();
  const failures: BrokenAt[] = [];
  for (const record of records) {
    const state: Record<string, string | null> = {
      service_type: record.service_type,
      notes: record.notes,
      service_date: record.service_date,
    };
    for (const { position, amendment } of [...(amendmentsOf.get(record.id) ?? [])].reverse()) {
      const historyChanges = amendment.changes.filter(isHistoryChange);
      if (historyChanges.some((change) => state[change.field] !== change.to)) {
        failures.push({
          position,
          record_id: record.id,
          reason: 'the record no longer reads as this amendment left it',
        });
      }
      for (const change of historyChanges) state[change.field] = change.from;
    }
    // A history field's old value is never null but for notes; an amendment that says otherwise fails its own hash.
    originals.set(record.id, {
      ...record,
      service_type: state.service_type ?? '',
      notes: state.notes ?? null,
      service_date: state.service_date ?? '',
    });
  }
  return { originals, failures };
}

/** The content an entry seals, recomputed from what is stored, or why it cannot be. */
export function sealedContent(
  entry: StoredEntry,
  link: { position: number; prevHash: string | null },
  stored: {
    originals: ReadonlyMap<string, ServiceRecordRow>;
    records: ReadonlyMap<string, ChainRecord>;
    amendments: ReadonlyMap<string, SealedAmendment>;
    sealedRecordIds: ReadonlySet<string>;
  },
): { content: Record<string, unknown> } | { reason: string } {
  if (entry.kind === 'record') {
    const original = stored.originals.get(entry.record_id);
    return original ? { content: recordEntryContent(original, link) } : { reason: 'the record it seals is missing' };
  }
  if (!stored.sealedRecordIds.has(entry.record_id))
    return { reason: 'the record it concerns is not earlier in the chain' };
  if (entry.kind === 'amendment') {
    const amendment = entry.amendment_id ? stored.amendments.get(entry.amendment_id) : undefined;
    if (!amendment || amendment.record_id !== entry.record_id) return { reason: 'the amendment it seals is missing' };
    return { content: amendmentEntryContent(amendment, link) };
  }
  const record = stored.records.get(entry.record_id);
  if (!record) return { reason: 'the record it seals is missing' };
  if (record.withdrawn_at === null) return { reason: 'the record was put back in public view after its withdrawal' };
  return {
    content: withdrawalEntryContent(
      {
        record_id: record.id,
        withdrawn_by: record.withdrawn_by ?? '',
        withdrawn_at: record.withdrawn_at,
        reason: record.withdrawal_reason ?? '',
      },
      link,
    ),
  };
}
