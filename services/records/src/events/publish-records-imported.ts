import type { TEventPayload } from '@sh/shared/contract';
import { writeEvent, type PoolClient } from '@sh/shared/server';

/** Writes service_records.imported into the outbox, in the transaction that stored the import's records. */
export async function publishRecordsImported(
  client: PoolClient,
  imported: TEventPayload<'service_records.imported'>,
): Promise<void> {
  await writeEvent(client, 'service_records.imported', imported);
}
