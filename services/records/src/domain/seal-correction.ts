import type { TAdminActor } from '@sh/shared/contract';
import { recordAdminAction, type PoolClient } from '@sh/shared/server';
import { findGarageContact } from '../store/find-garage-contact.js';
import type { CorrectableRecordRow } from '../store/lock-service-record.js';
import type { ChainLink, SealedContent } from './chain-entry.js';
import { UNKNOWN_GARAGE } from './present-public-record.js';
import { sealChainEntry } from './seal-chain-entry.js';
import type { ReceiptSigner } from './signing-key.js';

/** An admin's correction of a record, as its chain and the audit keep it. */
export interface Correction {
  kind: 'amendment' | 'withdrawal';
  amendmentId: string | null;
  contentAt: (link: ChainLink) => SealedContent;
  reason: string;
  at: Date;
}

/**
 * What every correction does once its change is stored, in the same transaction and under the chain lock: seals it
 * in the vehicle's chain, keeps it in the audit of admin actions, and answers the garage to tell by e-mail.
 */
export async function sealCorrection(
  client: PoolClient,
  signer: ReceiptSigner,
  actor: TAdminActor,
  record: CorrectableRecordRow,
  head: { length: number; headHash: string | null },
  correction: Correction,
): Promise<{ name: string; email: string | null }> {
  await sealChainEntry(
    client,
    signer,
    {
      registration: record.vehicle_registration,
      kind: correction.kind,
      recordId: record.id,
      amendmentId: correction.amendmentId,
      contentAt: correction.contentAt,
    },
    head,
    correction.at,
  );
  const action = correction.kind === 'amendment' ? 'service_record.amended' : 'service_record.withdrawn';
  const subject = { type: 'service_record', id: record.id, label: record.vehicle_registration } as const;
  await recordAdminAction(client, actor, action, subject, correction.reason);
  return (await findGarageContact(client, record.garage_id)) ?? { ...UNKNOWN_GARAGE, email: null };
}
