import { type TGarageReceipt, type TReceiptInclusion, ADMIN_ACTION_MESSAGES } from '@sh/shared/contract';
import { AppError, refuseIfGarageSuspended, type Queryable } from '@sh/shared/server';
import { findGarageRecord } from '../store/find-garage-record.js';
import { findCoveringLogCheckpoint } from '../store/log-checkpoints.js';
import { presentCheckpoint } from './log-checkpoints.js';
import { proveInclusion } from './log-proofs.js';
import { presentGarageRecord } from './present-garage-record.js';

/**
 * One of a garage's records' receipt, with where its entry stands in the transparency log (issue 23): once a
 * checkpoint covers its leaf, the first that did and the inclusion proof against it, which never change after;
 * before that, that it awaits the next checkpoint. Another garage's record, or an unknown one, is not found; a
 * suspended garage is refused, as its list is.
 */
export async function findGarageReceipt(db: Queryable, garageId: string, recordId: string): Promise<TGarageReceipt> {
  await refuseIfGarageSuspended(db, garageId);
  const row = await findGarageRecord(db, garageId, recordId);
  const receipt = row ? presentGarageRecord(row).receipt : null;
  if (!receipt) throw new AppError('not_found', ADMIN_ACTION_MESSAGES.recordNotFound);
  return { receipt, inclusion: await inclusionOf(db, receipt.leaf_index) };
}

async function inclusionOf(db: Queryable, leafIndex: number | null): Promise<TReceiptInclusion> {
  if (leafIndex === null) return { status: 'not_in_log' };
  const checkpoint = await findCoveringLogCheckpoint(db, leafIndex);
  if (!checkpoint) return { status: 'awaiting_checkpoint' };
  const presented = presentCheckpoint(checkpoint);
  return {
    status: 'included',
    checkpoint: presented,
    proof: await proveInclusion(db, { leaf: leafIndex, size: presented.treeSize }),
  };
}
