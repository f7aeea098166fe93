import type { TAmendmentChange } from '@sh/shared/contract';

/** An amendment as stored: who, when, why, and every changed field's old and new value. */
export interface AmendmentRow {
  id: string;
  record_id: string;
  amended_by: string;
  amended_by_email: string;
  amended_at: Date;
  reason: string;
  changes: TAmendmentChange[];
}

/** The select list of AmendmentRow over `record_amendments a`. */
export const AMENDMENT_COLUMNS =
  'a.id, a.record_id, a.amended_by, a.amended_by_email, a.amended_at, a.reason, a.changes';
