import type { PoolClient } from '@sh/shared/server';
import type { ServiceRecordWithContactRow } from './service-record-row.js';

/**
 * Stores a new record. Afterwards only an amendment changes its correctable fields, and a withdrawal its withdrawal
 * columns, each appended to its chain with what it replaced (docs/architecture.md#integrity-hash-chains-and-receipts).
 */
export async function insertServiceRecord(client: PoolClient, record: ServiceRecordWithContactRow): Promise<void> {
  await client.query(
    `INSERT INTO service_records (id, garage_id, vin, vehicle_registration, service_date, mileage, service_type, notes,
                                  technician_name, signed_by, customer_email, customer_phone, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      record.id,
      record.garage_id,
      record.vin,
      record.vehicle_registration,
      record.service_date,
      record.mileage,
      record.service_type,
      record.notes,
      record.technician_name,
      record.signed_by,
      record.customer_email,
      record.customer_phone,
      record.created_at,
    ],
  );
}
