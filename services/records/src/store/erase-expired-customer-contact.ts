import { withTransaction, type Pool } from '@sh/shared/server';

/**
 * Erases the customer's e-mail and phone of up to `limit` records logged before `cutoff` (docs/product.md#retention),
 * their values in the amendments of every record logged before it, and the address in those records' created events,
 * in one transaction; answers how many records it erased. Records a correction holds are skipped (SKIP LOCKED) and
 * taken at the next run, so two replicas at once erase each record once.
 * An amendment keeps naming the contact field it changed (the chain seals only the name), with both values null.
 */
export async function eraseExpiredCustomerContact(pool: Pool, cutoff: Date, limit: number): Promise<number> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `UPDATE service_records r SET customer_email = NULL, customer_phone = NULL
        WHERE r.id IN (SELECT id FROM service_records
                        WHERE created_at < $1 AND (customer_email IS NOT NULL OR customer_phone IS NOT NULL)
                        ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING r.id`,
      [cutoff, limit],
    );
    // Amendments of every record past the cutoff, including one whose current contact an earlier amendment cleared.
    await client.query(
      `UPDATE record_amendments a
          SET changes = (SELECT jsonb_agg(CASE WHEN c->>'field' IN ('customer_email', 'customer_phone')
                                               THEN c || '{"from": null, "to": null}'::jsonb ELSE c END ORDER BY n)
                           FROM jsonb_array_elements(a.changes) WITH ORDINALITY AS e(c, n))
         FROM service_records r
        WHERE a.record_id = r.id AND r.created_at < $1
          AND EXISTS (SELECT 1 FROM jsonb_array_elements(a.changes) c
                       WHERE c->>'field' IN ('customer_email', 'customer_phone')
                         AND (c->'from' <> 'null'::jsonb OR c->'to' <> 'null'::jsonb))`,
      [cutoff],
    );
    // The customer's address rode in the record's created event, which the outbox keeps after delivering it.
    await client.query(
      `UPDATE event_outbox SET payload = payload || '{"customerEmail": null}'::jsonb
        WHERE name = 'service_record.created' AND occurred_at < $1 AND payload->>'customerEmail' IS NOT NULL`,
      [cutoff],
    );
    return rows.length;
  });
}
