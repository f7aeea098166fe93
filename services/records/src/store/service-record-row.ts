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
  /**
   * True for a record imported from the garage's own history (migration 011): its service date is the garage's word,
   * its created_at when the platform received it. Absent reads as false.
   */
  imported?: boolean;
}

/** A stored record with the customer contact only its garage sees. */
export interface ServiceRecordWithContactRow extends ServiceRecordRow {
  customer_email: string | null;
  customer_phone: string | null;
}

/** An amendment as anyone may see it: when and why (what changed is for the admin and the chain). */
export interface PublicAmendment {
  amended_at: string;
  reason: string;
}

/**
 * What a listing adds to a record: the clocking flag, its garage's directory entry (null until it arrives) and the
 * platform's amendments of it, oldest first.
 */
export interface ListedRecordColumns {
  mileage_anomaly: boolean;
  garage_name: string | null;
  garage_address: string | null;
  /** The garage's public page (/garages/{slug}), null until records has heard it. */
  garage_slug: string | null;
  amendments: PublicAmendment[];
}

/** A record's chain entry and its place in the log, all null for a record outside its vehicle's chain. */
export interface ReceiptColumns {
  position: number | null;
  hash: string | null;
  prev_hash: string | null;
  signed_at: Date | null;
  signature: string | null;
  key_id: string | null;
  leaf_index: string | number | null;
}

/** A record's withdrawal: all null while it is in the public history. */
export interface WithdrawalColumns {
  withdrawn_at: Date | null;
  withdrawn_by: string | null;
  withdrawn_by_email: string | null;
  withdrawal_reason: string | null;
}

/** The select list of WithdrawalColumns over `service_records r`. */
export const WITHDRAWAL_COLUMNS = 'r.withdrawn_at, r.withdrawn_by, r.withdrawn_by_email, r.withdrawal_reason';

/** A timestamptz column as an ISO 8601 UTC string with milliseconds, whatever the session's time zone. */
export function isoTimestampSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The sub-select of ListedRecordColumns.amendments over `service_records r`: one index range scan per record. */
export const PUBLIC_AMENDMENTS_SELECT = `COALESCE((
    SELECT json_agg(json_build_object('amended_at', ${isoTimestampSql('a.amended_at')}, 'reason', a.reason) ORDER BY a.amended_at, a.id)
      FROM record_amendments a WHERE a.record_id = r.id), '[]'::json)`;

/** The select list of ServiceRecordRow over `service_records r`. */
export const SERVICE_RECORD_COLUMNS = `r.id, r.garage_id, r.vin, r.vehicle_registration, r.service_date, r.mileage, r.service_type, r.notes,
         r.technician_name, r.signed_by, r.created_at, r.imported`;
