/**
 * The floor of `npm run bench:create`: a bare node:http server that stores each posted record with one
 * parameterised INSERT into the same service_records table, and nothing else (no token, no password re-check,
 * no chain, no event).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';

const port = Number(process.env.PORT);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const INSERT_SQL = `INSERT INTO service_records (id, garage_id, vin, vehicle_registration, service_date, mileage, service_type, notes, technician_name)
                    VALUES ($1, $2, $3, $4, current_date, $5, $6, $7, $8)`;

createServer((req, res) => {
  if (req.url === '/healthz') {
    res.end('ok');
    return;
  }
  let raw = '';
  req.on('data', (chunk: Buffer) => {
    raw += chunk.toString();
  });
  req.on('end', () => {
    const body = JSON.parse(raw) as Record<string, string | number | null>;
    const id = randomUUID();
    pool
      .query({ name: 'insert', text: INSERT_SQL, values: [id, body.garage_id, body.vin, body.vehicle_registration, body.mileage, body.service_type, body.notes, body.technician_name] })
      .then(
        () => {
          const answer = JSON.stringify({ status: 201, data: { serviceRecord: { id } } });
          res.writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(answer) });
          res.end(answer);
        },
        () => {
          res.writeHead(500);
          res.end();
        },
      );
  });
}).listen(port, '127.0.0.1');

const stop = () => void pool.end().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
