import { importedLine, ZExportErasableFieldSchema, type TExportedRecord } from '@sh/shared/contract';
import type { ExportRecordRow } from '../store/read-garage-export-rows.js';
import { presentReceipt } from './present-receipt.js';
import { longDateOf, longDateInLondonOf } from './long-date.js';

/**
 * A record as its garage's export carries it: every field as stored now, its public amendments, when it was withdrawn,
 * which of its personal fields were erased, whether it was imported ("Imported on {date}, serviced on {date}"), and its receipt with the entry's leaf hash. A field is erased when its
 * entry committed to it (format 2) and its value and salt are no longer kept (a withdrawal or an admin's erasure
 * deleted them); it then reads null, as a field never filled does, and is named in erased_fields. Entries sealed before
 * commitments (format 1) cannot be erased.
 */
export function presentExportedRecord(row: ExportRecordRow): TExportedRecord {
  const kept = new Set(row.kept_fields ?? []);
  const receipt = presentReceipt(row);
  return {
    id: row.id,
    vehicle_registration: row.vehicle_registration,
    vin: row.vin,
    service_date: row.service_date,
    mileage: row.mileage,
    service_type: row.service_type,
    notes: row.notes,
    technician_name: row.technician_name,
    signed_by: row.signed_by,
    customer_email: row.customer_email,
    customer_phone: row.customer_phone,
    created_at: row.created_at.toISOString(),
    amendments: row.amendments.map((amendment) => ({ amended_at: amendment.amended_at, reason: amendment.reason })),
    withdrawn_at: row.withdrawn_at?.toISOString() ?? null,
    erased_fields:
      row.format === 2 ? ZExportErasableFieldSchema.options.filter((field) => !kept.has(`record.${field}`)) : [],
    imported: row.imported ? importedLine(longDateInLondonOf(row.created_at), longDateOf(row.service_date)) : null,
    receipt: receipt && { ...receipt, leaf_hash: row.leaf_hash },
  };
}
