import { withTransaction, type Logger, type Pool } from '@sh/shared/server';
import { lockVehicleChain } from '../store/lock-vehicle-chain.js';
import { deleteRecordsAwaitingChain } from '../store/delete-records-awaiting-chain.js';
import { findRecordsAwaitingChain } from '../store/find-records-awaiting-chain.js';
import { findRegistrationsAwaitingChain } from '../store/find-registrations-awaiting-chain.js';
import { sealRecord } from './seal-record.js';
import type { ReceiptSigner } from './signing-key.js';

/**
 * Chains the records that wait for it (stored before chaining existed, or loaded by the demo seed), vehicle by
 * vehicle in their order of entry, each vehicle in one transaction under its chain lock. Safe to run from several
 * processes at once; answers how many records it chained.
 */
export async function chainWaitingRecords(pool: Pool, signer: ReceiptSigner, logger?: Logger): Promise<number> {
  let chained = 0;
  for (;;) {
    const registrations = await findRegistrationsAwaitingChain(pool, 200);
    if (registrations.length === 0) break;
    for (const registration of registrations) {
      chained += await withTransaction(pool, async (client) => {
        let head = await lockVehicleChain(client, registration);
        const records = await findRecordsAwaitingChain(client, registration);
        const signedAt = new Date();
        for (const record of records) {
          const receipt = await sealRecord(client, signer, record, head, signedAt);
          head = { length: receipt.position, headHash: receipt.hash };
        }
        await deleteRecordsAwaitingChain(client, records.map((record) => record.id));
        return records.length;
      });
    }
  }
  if (chained > 0) logger?.info({ chained }, 'chained records that were waiting');
  return chained;
}
