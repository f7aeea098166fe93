/**
 * The benchmark's baselines: a bare node:http server answering the public lookup with the records
 * service's own query as one prepared statement (MODE=query), or with one body serialised in advance
 * (MODE=preserialised), both inside the same envelope.
 */
import { createServer } from 'node:http';
import pg from 'pg';
import { normaliseRegistration } from '@sh/shared/contract';
import { FIND_RECORDS_BY_REGISTRATION_SQL } from '../services/records/src/store/find-records-by-registration.js';

pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
const port = Number(process.env.PORT);
const mode = process.env.MODE ?? 'query';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });



async function lookup(registration: string): Promise<string> {
  const { rows } = await pool.query({ name: 'lookup', text: FIND_RECORDS_BY_REGISTRATION_SQL, values: [registration] });
  return JSON.stringify({
    status: 200,
    data: {
      serviceRecords: rows.map((row) => ({
        id: row.id, garage_id: row.garage_id, vin: row.vin, vehicle_registration: row.vehicle_registration,
        service_date: row.service_date, mileage: row.mileage, service_type: row.service_type, notes: row.notes,
        technician_name: row.technician_name, created_at: row.created_at.toISOString(), mileage_anomaly: row.mileage_anomaly,
        garage: { name: row.garage_name, address: row.garage_address },
      })),
    },
  });
}

// The same answer the other targets give for one real vehicle of the benchmark data, serialised once.
const preserialised = mode === 'preserialised' ? await lookup(process.env.PRESERIALISED_REGISTRATION ?? '') : '';
if (mode === 'preserialised' && !preserialised.includes('"vehicle_registration"')) {
  throw new Error(`No records for ${process.env.PRESERIALISED_REGISTRATION}: the pre-serialised body would be empty`);
}

createServer((req, res) => {
  if (req.url === '/healthz') {
    res.end('ok');
    return;
  }
  const registration = normaliseRegistration(decodeURIComponent(req.url?.split('/').pop() ?? ''));
  const send = (body: string) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
  if (mode === 'preserialised') return send(preserialised);
  lookup(registration).then(send, () => {
    res.writeHead(500);
    res.end();
  });
}).listen(port, '127.0.0.1');

const stop = () => void pool.end().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
