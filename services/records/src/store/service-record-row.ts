/**
 * A service record's stored fields that make up the vehicle's history (the fields its chain entry seals).
 * Customer contact is not part of a vehicle's history: see ServiceRecordWithContactRow.
 */
export interface ServiceRecordRow {
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
  created_at: Date;
}

/** A stored record with the customer contact only its garage sees. */
export interface ServiceRecordWithContactRow extends ServiceRecordRow {
  customer_email: string | null;
  customer_phone: string | null;
}

/** What a listing adds to a record: the clocking flag, and its garage's directory entry (null until it arrives). */
export interface ListedRecordColumns {
  mileage_anomaly: boolean;
  garage_name: string | null;
  garage_address: string | null;
}

/** The select list of ServiceRecordRow over `service_records r`. */
export const SERVICE_RECORD_COLUMNS = `r.id, r.garage_id, r.vin, r.vehicle_registration, r.service_date, r.mileage, r.service_type, r.notes,
         r.technician_name, r.signed_by, r.created_at`;
