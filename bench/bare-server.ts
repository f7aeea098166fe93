/**
 * The benchmark's baselines: a bare node:http server answering the public lookup with the same query as the records
 * service (services/records/src/store/find-records-by-registration.ts) as one prepared statement and the same
 * presentation (services/records/src/domain/present-public-record.ts), written out here (MODE=query), or with one
 * body serialised in advance (MODE=preserialised), both inside the same envelope. The floor does the lookup's work
 * and nothing else: a change to records' query or presentation is a change here too, or the floor measures another
 * lookup.
 */
import pg from 'pg';
import { normaliseRegistration, type TPublicServiceRecord } from '@sh/shared/contract';
import { serveBare } from './bare-http.js';

/** The lookup's query, as records runs it. */
const LOOKUP_SQL = `SELECT r.id, r.garage_id, r.vin, r.vehicle_registration, r.service_date, r.mileage, r.service_type,
         r.notes, COALESCE(r.technician_name, r.signed_by) AS technician_name, r.created_at,
         COALESCE(r.mileage < max(r.mileage) OVER (
           ORDER BY r.service_date, r.created_at ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), false)
           AS mileage_anomaly,
         g.name AS garage_name, g.address AS garage_address,
         COALESCE((
           SELECT json_agg(json_build_object(
                    'amended_at', to_char(a.amended_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                    'reason', a.reason) ORDER BY a.amended_at, a.id)
             FROM record_amendments a WHERE a.record_id = r.id), '[]'::json) AS amendments
    FROM service_records r
    LEFT JOIN garage_directory g ON g.garage_id = r.garage_id
   WHERE r.vehicle_registration = $1 AND r.withdrawn_at IS NULL
   ORDER BY r.service_date DESC, r.created_at DESC
   LIMIT 500`;

const UNKNOWN_GARAGE = { name: 'Garage details unavailable', address: '' };

type Row = Omit<TPublicServiceRecord, 'created_at' | 'garage'> & {
  created_at: Date;
  garage_name: string | null;
  garage_address: string | null;
};

/**
 * A row as records presents it to anyone looking the vehicle up: the same fields, the time as ISO text, the garage
 * nested (or shown as unknown) and each amendment's time and reason, which the query already selects alone.
 */
function present({ created_at, garage_name, garage_address, ...fields }: Row): TPublicServiceRecord {
  const garage = garage_name === null ? UNKNOWN_GARAGE : { name: garage_name, address: garage_address ?? '' };
  return { ...fields, created_at: created_at.toISOString(), garage };
}

pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
const port = Number(process.env.PORT);
const mode = process.env.MODE ?? 'query';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });

async function lookup(registration: string): Promise<string> {
  const { rows } = await pool.query<Row>({ name: 'lookup', text: LOOKUP_SQL, values: [registration] });
  return JSON.stringify({ status: 200, data: { serviceRecords: rows.map(present) } });
}

// The same answer the other targets give for one real vehicle of the benchmark data, serialised once.
const preserialised = mode === 'preserialised' ? await lookup(process.env.PRESERIALISED_REGISTRATION ?? '') : '';
if (mode === 'preserialised' && !preserialised.includes('"vehicle_registration"')) {
  throw new Error(`No records for ${process.env.PRESERIALISED_REGISTRATION}: the pre-serialised body would be empty`);
}

serveBare(port, pool, async (req, send) => {
  if (mode === 'preserialised') return send(200, preserialised);
  const registration = normaliseRegistration(decodeURIComponent(req.url?.split('/').pop() ?? ''));
  send(200, await lookup(registration));
});
