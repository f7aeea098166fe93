/** A record as its garage reads it, with its receipt and whether its mileage is below an earlier record's. */
export interface GarageRecordRow {
  id: string;
  garage_id: string;
  vin: string;
  vehicle_registration: string;
  service_date: string;
  mileage: number | null;
  service_type: string;
  notes: string | null;
  technician_name: string | null;
  signed_by: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  created_at: Date;
  mileage_anomaly: boolean;
  garage_name: string | null;
  garage_address: string | null;
  position: number | null;
  hash: string | null;
  prev_hash: string | null;
  signed_at: Date | null;
  signature: string | null;
}

/** The select list and joins of GarageRecordRow over `service_records r`. */
export const GARAGE_RECORD_SELECT = `
  SELECT r.id, r.garage_id, r.vin, r.vehicle_registration, r.service_date, r.mileage, r.service_type, r.notes,
         r.technician_name, r.signed_by, r.customer_email, r.customer_phone, r.created_at,
         EXISTS (SELECT 1 FROM service_records e
                  WHERE e.vehicle_registration = r.vehicle_registration AND e.withdrawn_at IS NULL
                    AND (e.service_date, e.created_at) < (r.service_date, r.created_at) AND e.mileage > r.mileage)
           AS mileage_anomaly,
         g.name AS garage_name, g.address AS garage_address,
         c.position, c.hash, c.prev_hash, c.signed_at, c.signature
    FROM service_records r
    LEFT JOIN garage_directory g ON g.garage_id = r.garage_id
    LEFT JOIN chain_entries c ON c.record_id = r.id AND c.kind = 'record'`;
