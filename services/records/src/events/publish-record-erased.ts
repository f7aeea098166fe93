import { writeEvent, type PoolClient } from '@sh/shared/server';

/**
 * Writes service_record.erased into the outbox, in the transaction that erased the fields: its consumer marks the
 * vehicle's lookup answers stale until Redis takes it, so a Redis failure at the erasure delays it and never leaves
 * the erased text published.
 */
export async function publishRecordErased(
  client: PoolClient,
  erased: {
    record: { id: string; garage_id: string; vehicle_registration: string };
    fields: readonly string[];
    erasedAt: Date;
  },
): Promise<void> {
  const { record, fields, erasedAt } = erased;
  await writeEvent(client, 'service_record.erased', {
    recordId: record.id,
    registration: record.vehicle_registration,
    garageId: record.garage_id,
    fields: [...fields],
    erasedAt: erasedAt.toISOString(),
  });
}
