import type { PoolClient } from '@sh/shared/server';
import type { ServiceRecordWithContactRow } from './service-record-row.js';

/** How many records one INSERT stores. */
const RECORDS_PER_INSERT = 1_000;

/**
 * Stores many new records, RECORDS_PER_INSERT to a statement (a garage's import: docs/product.md#importing-a-garages-history),
 * marked imported when they are. As insertServiceRecord, each is then changed only by an amendment or a withdrawal.
 */
export async function insertServiceRecords(
  client: PoolClient,
  records: readonly ServiceRecordWithContactRow[],
): Promise<void> {
  for (let from = 0; from < records.length; from += RECORDS_PER_INSERT) {
    const batch = records.slice(from, from + RECORDS_PER_INSERT);
    const column = <K extends keyof ServiceRecordWithContactRow>(name: K) => batch.map((record) => record[name]);
    await client.query(
      `INSERT INTO service_records (id, garage_id, vin, vehicle_registration, service_date, mileage, service_type, notes,
                                    technician_name, signed_by, customer_email, customer_phone, created_at, imported)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::date[], $6::int[], $7::text[], $8::text[],
                            $9::text[], $10::text[], $11::text[], $12::text[], $13::timestamptz[], $14::boolean[])`,
      [
        column('id'),
        column('garage_id'),
        column('vin'),
        column('vehicle_registration'),
        column('service_date'),
        column('mileage'),
        column('service_type'),
        column('notes'),
        column('technician_name'),
        column('signed_by'),
        column('customer_email'),
        column('customer_phone'),
        column('created_at'),
        batch.map((record) => record.imported === true),
      ],
    );
  }
}
