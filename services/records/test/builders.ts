import { randomUUID } from 'node:crypto';
import type { Queryable } from '@sh/shared/server';

/** Inserts a garage into the directory read model. */
export async function buildGarage(
  db: Queryable,
  overrides: Partial<{ id: string; name: string; address: string }> = {},
) {
  const garage = {
    id: overrides.id ?? randomUUID(),
    name: overrides.name ?? 'Hartley Motors Ltd',
    address: overrides.address ?? '12 Station Road, Leeds, LS1 4AB',
  };
  await db.query('INSERT INTO garage_directory (garage_id, name, address) VALUES ($1, $2, $3)', [
    garage.id,
    garage.name,
    garage.address,
  ]);
  return garage;
}

/** Inserts a service record straight into the table (creation through the API arrives with its own issue). */
export async function buildServiceRecord(
  db: Queryable,
  garageId: string,
  overrides: Partial<{
    registration: string;
    vin: string;
    serviceDate: string;
    mileage: number | null;
    serviceType: string;
    withdrawn: boolean;
  }> = {},
) {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO service_records (garage_id, vin, vehicle_registration, service_date, mileage, service_type, notes, technician_name,
                                  withdrawn_at, withdrawn_by, withdrawn_by_email, withdrawal_reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      garageId,
      overrides.vin ?? 'WVWZZZ1JZXW000001',
      overrides.registration ?? 'AB12CDE',
      overrides.serviceDate ?? '2025-03-14',
      overrides.mileage === undefined ? 45210 : overrides.mileage,
      overrides.serviceType ?? 'Full Service',
      'All fluids topped up',
      'Sam Patel',
      overrides.withdrawn ? new Date() : null,
      overrides.withdrawn ? randomUUID() : null,
      overrides.withdrawn ? 'admin@wrenchmark.test' : null,
      overrides.withdrawn ? 'Logged against the wrong vehicle' : null,
    ],
  );
  return rows[0]!.id;
}
