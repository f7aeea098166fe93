import type { Pool } from '@sh/shared/server';

/**
 * The platform's figures (GET /platform-figures): garages entitled now (an active or trialing subscription), and the
 * public services, and the vehicles, whose service date is between `from` and `to` (YYYY-MM-DD, both included). One
 * range of the service_records_newest index.
 */
export async function countPlatformFigures(
  pool: Pool,
  period: { from: string; to: string },
): Promise<{ garagesSubscribed: number; servicesLogged: number; vehiclesServiced: number }> {
  const { rows } = await pool.query<{ garages: number; services: number; vehicles: number }>(
    `SELECT (SELECT count(*) FROM garage_entitlements WHERE can_add_records)::int AS garages,
            count(*)::int AS services,
            count(DISTINCT vehicle_registration)::int AS vehicles
       FROM service_records
      WHERE service_date >= $1::date AND service_date <= $2::date AND withdrawn_at IS NULL`,
    [period.from, period.to],
  );
  const row = rows[0]!;
  return { garagesSubscribed: row.garages, servicesLogged: row.services, vehiclesServiced: row.vehicles };
}
