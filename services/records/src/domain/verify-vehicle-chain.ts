import type { TVerifyChainResponse } from '@sh/shared/contract';
import type { Pool } from '@sh/shared/server';
import { findVehicleChain } from '../store/find-vehicle-chain.js';
import { listSigningKeys } from './list-signing-keys.js';
import type { ReceiptSigner } from './signing-key.js';
import { verifyChain } from './verify-chain.js';

/**
 * Recomputes a registration's chain from its stored records and amendments, checks each entry's signature against the
 * published key history, and says whether it is intact. The keys are read after the chain: a key joins the history
 * before it signs, so every key an entry read here names is already there.
 */
export async function verifyVehicleChain(
  pool: Pool,
  signer: ReceiptSigner,
  registration: string,
): Promise<TVerifyChainResponse['data']> {
  const chain = await findVehicleChain(pool, registration);
  // The key this process signs with is in use now: its recorded last use lags an entry it signed after a quiet spell
  // (written at most once a second, after the transaction), so its period is open-ended here.
  const keys = (await listSigningKeys(pool, signer)).map((key) =>
    key.keyId === signer.keyId ? { ...key, until: null } : key,
  );
  return { registration, ...verifyChain(chain, keys) };
}
