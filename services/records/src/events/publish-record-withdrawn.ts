import { writeEvent, type PoolClient } from '@sh/shared/server';

/** Writes service_record.withdrawn into the outbox, in the transaction that withdrew the record (its garage is told). */
export async function publishRecordWithdrawn(
  client: PoolClient,
  withdrawn: {
    record: { id: string; garage_id: string; vehicle_registration: string; service_date: string };
    withdrawal: { withdrawnBy: string; withdrawnAt: Date; reason: string };
    garage: { name: string; email: string | null };
  },
): Promise<void> {
  const { record, withdrawal, garage } = withdrawn;
  await writeEvent(client, 'service_record.withdrawn', {
    recordId: record.id,
    withdrawnBy: withdrawal.withdrawnBy,
    registration: record.vehicle_registration,
    garageId: record.garage_id,
    garageName: garage.name,
    garageEmail: garage.email,
    serviceDate: record.service_date,
    reason: withdrawal.reason,
    withdrawnAt: withdrawal.withdrawnAt.toISOString(),
  });
}
