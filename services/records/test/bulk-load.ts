import type { Pool } from '@sh/shared/server';

/**
 * Loads `count` records of a garage in one statement each for the records, their entries and their leaves, shaped as
 * the service writes them (the signatures are not real: for tests of streaming, which does not look at them).
 */
export async function bulkLoadRecords(pool: Pool, garageId: string, count: number): Promise<void> {
  await pool.query(
    `INSERT INTO service_records (garage_id, vin, vehicle_registration, service_date, mileage, service_type, notes,
                                  technician_name, signed_by, customer_email, customer_phone, created_at)
     SELECT $1, 'WVWZZZ1JZXW' || lpad(i::text, 6, '0'), 'BK' || lpad(i::text, 6, '0'),
            date '2024-01-01' + (i % 700), 1000 + i, 'Full Service, Oil & Filter Change, Brake Fluid Change',
            'Rear pads at 4mm; advised new tyres within 3 months. Customer to book the MOT in the spring, ' || i,
            'Sam Patel', 'Sam Patel', 'owner' || i || '@example.co.uk', '07700900123',
            timestamptz '2024-01-01 09:00+00' + i * interval '1 second'
       FROM generate_series(1, $2::int) AS i`,
    [garageId, count],
  );
  await pool.query(
    `INSERT INTO chain_entries (registration, position, kind, record_id, hash, prev_hash, signed_at, signature, key_id, format)
     SELECT vehicle_registration, 1, 'record', id, encode(sha256(id::text::bytea), 'hex'), NULL, created_at,
            translate(encode(sha512(id::text::bytea), 'base64'), E'\n', ''), 'bulk0000test0key', 1
       FROM service_records WHERE garage_id = $1`,
    [garageId],
  );
  await pool.query(
    `INSERT INTO log_leaves (leaf_index, registration, position, leaf_hash)
     SELECT (SELECT size FROM log_head) + row_number() OVER (ORDER BY c.registration) - 1, c.registration, 1,
            sha256(c.hash::bytea)
       FROM chain_entries c JOIN service_records r ON r.id = c.record_id WHERE r.garage_id = $1`,
    [garageId],
  );
  // After the log's leaves so far, so that a record logged afterwards takes the next index.
  await pool.query('UPDATE log_head SET size = size + $1', [count]);
}
