import type { TVerifyChainResponse } from '@sh/shared/contract';
import type { Pool } from '@sh/shared/server';
import { findVehicleChain } from '../store/find-vehicle-chain.js';
import { verifyChain } from './verify-chain.js';

/** Recomputes a registration's chain from its stored records and amendments and says whether it is intact. */
export async function verifyVehicleChain(pool: Pool, registration: string): Promise<TVerifyChainResponse['data']> {
  return { registration, ...verifyChain(await findVehicleChain(pool, registration)) };
}
