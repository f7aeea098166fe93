import { writeEvent, type PoolClient } from '@sh/shared/server';

/** Writes service_record.amended into the outbox, in the transaction that stored the amendment (its garage is told). */
export async function publishRecordAmended(
  client: PoolClient,
  amended: {
    record: { id: string; garage_id: string; vehicle_registration: string; service_date: string };
    amendment: { id: string; amended_by: string; amended_at: Date; reason: string; changedFields: string[] };
    garage: { name: string; email: string | null };
  },
): Promise<void> {
  const { record, amendment, garage } = amended;
  await writeEvent(client, 'service_record.amended', {
    recordId: record.id,
    amendmentId: amendment.id,
    amendedBy: amendment.amended_by,
    registration: record.vehicle_registration,
    garageId: record.garage_id,
    garageName: garage.name,
    garageEmail: garage.email,
    serviceDate: record.service_date,
    changedFields: amendment.changedFields,
    reason: amendment.reason,
    amendedAt: amendment.amended_at.toISOString(),
  });
}
