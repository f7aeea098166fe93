import { startBatchLoop, withTransaction, type BatchLoop, type Logger, type Pool } from '@sh/shared/server';
import { publishRecordsImported } from '../../events/publish-records-imported.js';
import { insertServiceRecords } from '../../store/insert-service-records.js';
import { lockVehicleChains } from '../../store/lock-vehicle-chains.js';
import { finishRecordImportIfSealed, lockRecordImport, takeStagedRecords } from '../../store/staged-imports.js';
import type { ReceiptSigner } from '../signing-key.js';
import { sealImportedRecords } from './seal-imported-records.js';

/** How long a sealer holds an import between its batches before any replica's finisher may take it over. */
export const IMPORT_LEASE_MS = 60_000;
/** How often each replica looks for an import whose sealer went away. */
const FINISHER_POLL_MS = 30_000;

export interface ImportSealingDeps {
  pool: Pool;
  signer: ReceiptSigner;
  /** Records sealed to a transaction (config.ts: RECORD_IMPORT_BATCH_ROWS). */
  batchRows: number;
}

/** What one batch did: the vehicles it sealed records of (none: nothing was left to seal) and whether the import is done. */
export interface SealedBatch {
  importId: string;
  registrations: string[];
  isFinished: boolean;
}

/**
 * Seals the next batch of a staged import (docs/product.md#importing-a-garages-history), in one transaction: locks
 * the import (`importId`'s, or any whose sealer's lease ran out), takes its next `batchRows` records off the stage in
 * chain order, stores and seals them in their vehicles' chains and the log (chains first, then the log's head, held
 * for this batch only) and writes service_records.imported for their vehicles. A failure rolls the batch back whole:
 * its records stay staged for the next try. Null when there was no such import to seal.
 */
export async function sealImportBatch(deps: ImportSealingDeps, importId: string | null): Promise<SealedBatch | null> {
  return withTransaction(deps.pool, async (client) => {
    const staged = await lockRecordImport(client, importId, IMPORT_LEASE_MS);
    if (!staged) return null;
    const records = await takeStagedRecords(client, staged, deps.batchRows);
    if (records.length > 0) {
      const heads = await lockVehicleChains(
        client,
        records.map((record) => record.vehicle_registration),
      );
      await insertServiceRecords(client, records);
      await sealImportedRecords(client, deps.signer, records, heads, staged.receivedAt);
      await publishRecordsImported(client, {
        importId: staged.id,
        garageId: staged.garageId,
        count: records.length,
        registrations: [...heads.keys()],
        importedAt: staged.receivedAt.toISOString(),
      });
    }
    const isFinished = await finishRecordImportIfSealed(client, staged.id);
    return {
      importId: staged.id,
      registrations: [...new Set(records.map((record) => record.vehicle_registration))],
      isFinished,
    };
  });
}

/**
 * Takes one import whose sealer went away between batches (a replica that stopped, a failed batch) and seals the rest
 * of it, a batch at a time; answers how many batches it sealed (0: none was left). Safe with two replicas: each batch
 * locks its import, a finisher skips one another holds, and each batch renews the lease that keeps the others off.
 */
export async function finishStagedImport(deps: ImportSealingDeps): Promise<number> {
  let batch = await sealImportBatch(deps, null);
  let sealed = 0;
  while (batch) {
    sealed += 1;
    if (batch.isFinished) break;
    batch = await sealImportBatch(deps, batch.importId);
  }
  return sealed;
}

/**
 * Finishes the imports their sealers left, at start-up and every FINISHER_POLL_MS, on every replica (finishStagedImport).
 * Their lookup answers are marked stale by the batches' events.
 */
export function startImportFinisher(deps: ImportSealingDeps, logger: Logger): BatchLoop {
  return startBatchLoop({
    runBatch: async () => {
      const sealed = await finishStagedImport(deps);
      if (sealed > 0) logger.info({ batches: sealed }, 'finished sealing an import its sealer had left');
      return sealed > 0 ? 1 : 0;
    },
    batchSize: 1,
    pollMs: FINISHER_POLL_MS,
    onError: (error) => logger.warn({ err: error }, 'could not seal a batch of a staged import; trying again later'),
  });
}
