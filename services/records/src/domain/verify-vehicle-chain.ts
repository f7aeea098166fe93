import type { TVerifyChainResponse } from '@sh/shared/contract';
import type { Queryable } from '@sh/shared/server';
import { findVehicleChain } from '../store/find-vehicle-chain.js';
import { verifyChain } from './verify-chain.js';

/** Recomputes a registration's chain from its stored records and says whether it is intact. */
export async function verifyVehicleChain(db: Queryable, registration: string): Promise<TVerifyChainResponse['data']> {
  const { entries, head, unchainedRecordIds } = await findVehicleChain(db, registration);
  return { registration, ...verifyChain(entries, head, unchainedRecordIds) };
}
