import type { TReceipt } from '@sh/shared/contract';
import type { ReceiptColumns } from '../store/service-record-row.js';

/** A record's signed receipt as its garage reads it (and its export carries it); null outside its vehicle's chain. */
export function presentReceipt(row: ReceiptColumns & { vehicle_registration: string }): TReceipt | null {
  const { hash, position, signed_at, signature, key_id } = row;
  if (hash === null || position === null || signed_at === null || signature === null || key_id === null) return null;
  return {
    hash,
    prev_hash: row.prev_hash,
    position,
    registration: row.vehicle_registration,
    signed_at: signed_at.toISOString(),
    signature,
    key_id,
    leaf_index: row.leaf_index === null ? null : Number(row.leaf_index),
  };
}
