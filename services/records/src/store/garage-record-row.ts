import {
  PUBLIC_AMENDMENTS_SELECT,
  SERVICE_RECORD_COLUMNS,
  type ListedRecordColumns,
  type ReceiptColumns,
  type ServiceRecordWithContactRow,
} from './service-record-row.js';

/** A record as its garage reads it, with its receipt and whether its mileage is below an earlier record's. */
export interface GarageRecordRow extends ServiceRecordWithContactRow, ListedRecordColumns, ReceiptColumns {}

/** The select list and joins of GarageRecordRow over `service_records r`. */
export const GARAGE_RECORD_SELECT = `
  SELECT ${SERVICE_RECORD_COLUMNS}, r.customer_email, r.customer_phone,
         EXISTS (SELECT 1 FROM service_records e
                  WHERE e.vehicle_registration = r.vehicle_registration AND e.withdrawn_at IS NULL
                    AND (e.service_date, e.created_at) < (r.service_date, r.created_at) AND e.mileage > r.mileage)
           AS mileage_anomaly,
         g.name AS garage_name, g.address AS garage_address, g.slug AS garage_slug,
         ${PUBLIC_AMENDMENTS_SELECT} AS amendments,
         c.position, c.hash, c.prev_hash, c.signed_at, c.signature, c.key_id, l.leaf_index
    FROM service_records r
    LEFT JOIN garage_directory g ON g.garage_id = r.garage_id
    LEFT JOIN chain_entries c ON c.record_id = r.id AND c.kind = 'record'
    LEFT JOIN log_leaves l ON l.registration = c.registration AND l.position = c.position`;
