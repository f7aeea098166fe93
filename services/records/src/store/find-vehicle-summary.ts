import type { Queryable } from '@sh/shared/server';

/** What the records know of a registration: the VIN and mileage last recorded, and the highest mileage. */
export interface VehicleSummary {
  lastVin: string;
  lastMileage: number | null;
  lastServiceDate: string;
  highestMileage: number | null;
}

/** The vehicle's latest entry (order of entry) among records not withdrawn; null for a vehicle never recorded. */
export async function findVehicleSummary(db: Queryable, registration: string): Promise<VehicleSummary | null> {
  const { rows } = await db.query<{
    vin: string;
    mileage: number | null;
    service_date: string;
    highest: number | null;
  }>(
    `SELECT r.vin, r.mileage, r.service_date,
            (SELECT max(mileage) FROM service_records WHERE vehicle_registration = $1 AND withdrawn_at IS NULL) AS highest
       FROM service_records r
      WHERE r.vehicle_registration = $1 AND r.withdrawn_at IS NULL
      ORDER BY r.created_at DESC, r.id DESC
      LIMIT 1`,
    [registration],
  );
  const row = rows[0];
  return row
    ? { lastVin: row.vin, lastMileage: row.mileage, lastServiceDate: row.service_date, highestMileage: row.highest }
    : null;
}
