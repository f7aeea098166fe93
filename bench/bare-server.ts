/**
 * The benchmark's baselines: a bare node:http server answering the public lookup with the records
 * service's own query as one prepared statement and its own presenter (MODE=query), or with one body
 * serialised in advance (MODE=preserialised), both inside the same envelope.
 */
import pg from 'pg';
import { normaliseRegistration } from '@sh/shared/contract';
import { presentPublicRecord } from '../services/records/src/domain/present-public-record.js';
import {
  FIND_RECORDS_BY_REGISTRATION_SQL,
  type PublicRecordRow,
} from '../services/records/src/store/find-records-by-registration.js';
import { serveBare } from './bare-http.js';

pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
const port = Number(process.env.PORT);
const mode = process.env.MODE ?? 'query';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });

async function lookup(registration: string): Promise<string> {
  const { rows } = await pool.query<PublicRecordRow>({
    name: 'lookup',
    text: FIND_RECORDS_BY_REGISTRATION_SQL,
    values: [registration],
  });
  return JSON.stringify({ status: 200, data: { serviceRecords: rows.map(presentPublicRecord) } });
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
