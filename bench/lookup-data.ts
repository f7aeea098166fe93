/** The benchmark's lookup data: its vehicles' registrations, and seeding them into a records database. */
import pg from 'pg';
import { ensureDatabase, migrate } from '@sh/shared/server';
import { migrationsOf } from '@sh/shared/launcher';

export const RECORDS_PER_VEHICLE = 5;

/**
 * The registration of bench vehicle n: 'B', a letter, two digits, three letters — a valid 7-character plate, unique
 * up to 45 million vehicles. The second letter is X below 1,757,600 vehicles, as in the first benchmarks' data.
 */
const REGISTRATION_SQL = `'B' || chr(65 + (23 + v / 1757600) % 26) || lpad((v % 100)::text, 2, '0') || chr(65 + (v / 100 / 676) % 26) || chr(65 + (v / 100 / 26) % 26) || chr(65 + (v / 100) % 26)`;
export function registrationOf(v: number): string {
  const n = Math.floor(v / 100);
  const letter = (k: number) => String.fromCharCode(65 + (k % 26));
  return `B${letter(23 + Math.floor(v / 1_757_600))}${String(v % 100).padStart(2, '0')}${letter(Math.floor(n / 676))}${letter(Math.floor(n / 26))}${letter(n)}`;
}

/**
 * Seeds `vehicles` vehicles of RECORDS_PER_VEHICLE records each into the database `db` (made and migrated if need
 * be), unless it holds exactly that many already.
 */
export async function seed({ db, vehicles }: { db: string; vehicles: number }): Promise<void> {
  await ensureDatabase(db);
  const pool = new pg.Pool({ connectionString: db, max: 2 });
  try {
    await migrate(pool, migrationsOf('records'));
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM service_records');
    const expected = vehicles * RECORDS_PER_VEHICLE;
    if (rows[0]!.n === expected) {
      console.log(
        `Benchmark data present: ${expected.toLocaleString('en-GB')} records over ${vehicles.toLocaleString('en-GB')} vehicles.`,
      );
      return;
    }
    console.log(
      `Seeding ${expected.toLocaleString('en-GB')} records over ${vehicles.toLocaleString('en-GB')} vehicles...`,
    );
    const started = Date.now();
    await pool.query('TRUNCATE service_records, garage_directory');
    // In slices of 200,000 vehicles, so that a large seed shows its progress and no one statement holds it all.
    const slice = 200_000;
    await pool.query(
      `INSERT INTO garage_directory (garage_id, name, address)
       SELECT md5('garage' || g)::uuid, 'Bench Garage ' || g || ' Ltd', g || ' High Street, Leeds, LS1 ' || g || 'AB'
         FROM generate_series(1, 50) AS g`,
    );
    // Straight into the table, outside any chain: no one relies on benchmark rows' history, and nothing but the
    // service's own write paths ever chains a record.
    for (let from = 0; from < vehicles; from += slice) {
      await pool.query(
        `INSERT INTO service_records (garage_id, vin, vehicle_registration, service_date, mileage, service_type, notes, technician_name)
       SELECT md5('garage' || (1 + (v * 7 + r) % 50))::uuid,
              'BENCHVIN' || lpad(v::text, 9, '0'),
              ${REGISTRATION_SQL},
              date '2016-01-01' + (r * 365 + (v % 200)),
              8000 * (r + 1) + (v % 5000),
              CASE r % 3 WHEN 0 THEN 'Full Service' WHEN 1 THEN 'Oil & Filter Change' ELSE 'Brake Pad Replacement, MOT Test' END,
              'Routine work carried out; vehicle in good condition.',
              'Sam Patel'
         FROM generate_series($1::int, $2::int) AS v, generate_series(0, ${RECORDS_PER_VEHICLE - 1}) AS r`,
        [from, Math.min(from + slice, vehicles) - 1],
      );
      if (vehicles > slice)
        console.log(`  ${(Math.min(from + slice, vehicles) * RECORDS_PER_VEHICLE).toLocaleString('en-GB')} records...`);
    }
    // Vacuumed as well as analysed, as autovacuum leaves a settled table: the bare query is not slowed by a fresh one.
    await pool.query('VACUUM ANALYZE service_records');
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await pool.end();
  }
}

/** The seeded table's size on disk (pg_total_relation_size: the rows, their indexes and TOAST) and its rows. */
export async function measureRecordsTable({ db }: { db: string }): Promise<{ bytes: number; rows: number }> {
  const pool = new pg.Pool({ connectionString: db, max: 1 });
  try {
    const { rows } = await pool.query<{ bytes: string; rows: number }>(
      `SELECT pg_total_relation_size('service_records') AS bytes, (SELECT count(*)::int FROM service_records) AS rows`,
    );
    return { bytes: Number(rows[0]!.bytes), rows: rows[0]!.rows };
  } finally {
    await pool.end();
  }
}
