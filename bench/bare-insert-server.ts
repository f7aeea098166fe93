/**
 * The floor of `npm run bench:create`: a bare node:http server that stores each posted record with one
 * parameterised INSERT into the same service_records table, and nothing else (no token, no password re-check,
 * no chain, no event).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { readBody, serveBare } from './bare-http.js';

const port = Number(process.env.PORT);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const INSERT_SQL = `INSERT INTO service_records (id, garage_id, vin, vehicle_registration, service_date, mileage, service_type, notes, technician_name)
                    VALUES ($1, $2, $3, $4, current_date, $5, $6, $7, $8)`;

serveBare(port, pool, async (req, send) => {
  const body = JSON.parse(await readBody(req)) as Record<string, string | number | null>;
  const id = randomUUID();
  await pool.query({
    name: 'insert',
    text: INSERT_SQL,
    values: [
      id,
      body.garage_id,
      body.vin,
      body.vehicle_registration,
      body.mileage,
      body.service_type,
      body.notes,
      body.technician_name,
    ],
  });
  send(201, JSON.stringify({ status: 201, data: { serviceRecord: { id } } }));
});
