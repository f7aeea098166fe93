import type { PoolClient } from '@sh/shared/server';

/**
 * Sets a locked record's correctable fields to the values an amendment leaves. Only an amendment does this, in the
 * transaction that stores the amendment and seals it: the amendment keeps the values it replaced. service_type and
 * service_date are never null (the request schema refuses it, and so do the columns).
 */
export async function updateRecordValues(
  client: PoolClient,
  recordId: string,
  values: Record<'service_type' | 'notes' | 'service_date' | 'customer_email' | 'customer_phone', string | null>,
): Promise<void> {
  await client.query(
    `UPDATE service_records SET service_type = $2, notes = $3, service_date = $4, customer_email = $5, customer_phone = $6 WHERE id = $1`,
    [recordId, values.service_type, values.notes, values.service_date, values.customer_email, values.customer_phone],
  );
}
