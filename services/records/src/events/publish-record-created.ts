import type { TReceipt } from '@sh/shared/contract';
import { writeEvent, type PoolClient } from '@sh/shared/server';

/** Writes service_record.created into the outbox, in the transaction that stored the record. */
export async function publishRecordCreated(
  client: PoolClient,
  created: {
    record: {
      id: string;
      garage_id: string;
      vehicle_registration: string;
      vin: string;
      service_date: string;
      mileage: number;
      service_type: string;
      signed_by: string;
      customer_email: string | null;
    };
    garage: { name: string; email: string | null };
    receipt: TReceipt;
  },
): Promise<void> {
  const { record, garage, receipt } = created;
  await writeEvent(client, 'service_record.created', {
    recordId: record.id,
    garageId: record.garage_id,
    garageName: garage.name,
    garageEmail: garage.email,
    registration: record.vehicle_registration,
    vin: record.vin,
    serviceDate: record.service_date,
    mileage: record.mileage,
    serviceType: record.service_type,
    signedBy: record.signed_by,
    hash: receipt.hash,
    position: receipt.position,
    customerEmail: record.customer_email,
    leafIndex: receipt.leaf_index,
  });
}
