import type { PoolClient } from '@sh/shared/server';

/**
 * The personal and free-text fields of a garage's record that a withdrawal or an erasure deletes: the first three are
 * sealed behind commitments; the customer's contact is sealed by no entry (an amendment's names only the field).
 */
export type ErasableField = 'notes' | 'technician_name' | 'signed_by' | 'customer_email' | 'customer_phone';

/** The fields whose values entries seal (behind salted commitments from format 2). */
export const SEALED_FIELDS: ReadonlySet<ErasableField> = new Set(['notes', 'technician_name', 'signed_by']);

/**
 * Deletes a locked record's values of `fields` wherever they are kept: on the record, in its amendments' old and new
 * values, in its created event (the customer's e-mail), and, with their salts, beside its format-2 entries (entry_fields), whose
 * commitments then stand alone. With `amendmentReasons` (a withdrawal), the kept reasons of its amendments go too: the
 * admin still reads them on the amendments, but the record's entries can no longer disclose them. The withdrawal
 * entry's own reason stays, for the admin.
 */
export async function eraseSealedValues(
  client: PoolClient,
  recordId: string,
  fields: readonly ErasableField[],
  options: { amendmentReasons: boolean },
): Promise<void> {
  await client.query(
    `UPDATE service_records SET notes = CASE WHEN 'notes' = ANY($2) THEN NULL ELSE notes END,
            technician_name = CASE WHEN 'technician_name' = ANY($2) THEN NULL ELSE technician_name END,
            signed_by = CASE WHEN 'signed_by' = ANY($2) THEN NULL ELSE signed_by END,
            customer_email = CASE WHEN 'customer_email' = ANY($2) THEN NULL ELSE customer_email END,
            customer_phone = CASE WHEN 'customer_phone' = ANY($2) THEN NULL ELSE customer_phone END
      WHERE id = $1`,
    [recordId, fields],
  );
  // The customer's address rode in the record's created event, which the outbox keeps after delivering it.
  if (fields.includes('customer_email'))
    await client.query(
      `UPDATE event_outbox SET payload = payload || '{"customerEmail": null}'::jsonb
        WHERE name = 'service_record.created' AND payload->>'recordId' = $1 AND payload->>'customerEmail' IS NOT NULL`,
      [recordId],
    );
  await client.query(
    `UPDATE record_amendments SET changes = (
        SELECT jsonb_agg(CASE WHEN change->>'field' = ANY($2) THEN change || '{"from": null, "to": null}'::jsonb ELSE change END ORDER BY n)
          FROM jsonb_array_elements(changes) WITH ORDINALITY AS t(change, n))
      WHERE record_id = $1 AND EXISTS (SELECT 1 FROM jsonb_array_elements(changes) AS c(change) WHERE change->>'field' = ANY($2))`,
    [recordId, fields],
  );
  await client.query(
    `DELETE FROM entry_fields f USING chain_entries c
      WHERE c.registration = f.registration AND c.position = f.position AND c.record_id = $1 AND c.kind IN ('record', 'amendment')
        AND (($3 AND c.kind = 'amendment' AND f.path = 'amendment.reason') OR (c.kind = 'record' AND f.path = ANY(SELECT 'record.' || unnest($2::text[])))
             OR (c.kind = 'amendment' AND f.path LIKE 'amendment.changes.%'
                 AND (c.content::jsonb #>> ARRAY['amendment', 'changes', split_part(f.path, '.', 3), 'field']) = ANY($2)))`,
    [recordId, fields, options.amendmentReasons],
  );
}

/** Whether every entry of a record keeps its fields behind salted commitments (format 2), so they can be erased. */
export async function isRecordErasable(client: PoolClient, recordId: string): Promise<boolean> {
  const { rows } = await client.query<{ erasable: boolean }>(
    "SELECT bool_and(format = 2) AS erasable FROM chain_entries WHERE record_id = $1 AND kind IN ('record', 'amendment')",
    [recordId],
  );
  return rows[0]?.erasable === true;
}
