import type { TPublishedSigningKey } from '@sh/shared/contract';
import type { Queryable } from '@sh/shared/server';
import { findSigningKeys } from '../store/find-signing-keys.js';
import type { ReceiptSigner } from './signing-key.js';

/**
 * Every key that has signed receipts, oldest first, with the period each signed: the key history, and the key this
 * instance signs with should the history not hold it (a signer made for a test, never registered).
 */
export async function listSigningKeys(db: Queryable, signer: ReceiptSigner): Promise<TPublishedSigningKey[]> {
  const keys = (await findSigningKeys(db)).map((row) => ({
    keyId: row.key_id,
    publicKey: row.public_key,
    from: row.first_used_at?.toISOString() ?? null,
    until: row.last_used_at?.toISOString() ?? null,
  }));
  if (keys.some((key) => key.keyId === signer.keyId)) return keys;
  return [...keys, { keyId: signer.keyId, publicKey: signer.publicKeyPem, from: null, until: null }];
}
