import type { TAdminServiceRecord, TAmendmentChange } from '@sh/shared/contract';
import { formatServiceDate, formatTimestampInUk } from '../../lib/format';

const FIELD_LABELS: Record<TAmendmentChange['field'], string> = {
  service_type: 'Service type',
  notes: 'Notes',
  service_date: 'Service date',
  customer_email: 'Customer email',
  customer_phone: 'Customer phone',
};

/** A value of a change as people read it: a date in long form, and "(none)" for a value that was empty. */
function describeValue(field: TAmendmentChange['field'], value: string | null): string {
  if (value === null || value === '') return '(none)';
  return field === 'service_date' ? formatServiceDate(value) : value;
}

/**
 * "Notes: Used 5W-30. → Used 5W-40." A change from nothing to nothing is one whose values an admin erased (an
 * amendment always changes what it names): "Notes: erased".
 */
export function describeChange(change: TAmendmentChange): string {
  if (change.from === null && change.to === null) return `${FIELD_LABELS[change.field]}: erased`;
  return `${FIELD_LABELS[change.field]}: ${describeValue(change.field, change.from)} → ${describeValue(change.field, change.to)}`;
}

/** The Amended and Withdrawn badges of a record, when it has been. */
export function RecordBadges({ record }: { record: TAdminServiceRecord }) {
  if (record.amendments.length === 0 && !record.withdrawal) return null;
  return (
    <span className="admin-badges">
      {record.amendments.length > 0 ? <span className="status-badge status-badge--info">Amended</span> : null}
      {record.withdrawal ? <span className="status-badge status-badge--danger">Withdrawn</span> : null}
    </span>
  );
}

/**
 * A record's history as the admin sees it (docs/product.md#corrections): each amendment with when,
 * who, why and every field from its old to its new value, then its withdrawal, if any.
 */
export function RecordHistory({ record, headingId }: { record: TAdminServiceRecord; headingId: string }) {
  if (record.amendments.length === 0 && !record.withdrawal) {
    return <p className="admin-history admin-history--none">Never amended.</p>;
  }
  return (
    <section className="admin-history" aria-labelledby={headingId}>
      <h4 id={headingId} className="admin-history__title">
        History
      </h4>
      <ol className="admin-history__list">
        {record.amendments.map((amendment) => (
          <li key={amendment.id} className="admin-history__entry">
            <p>
              <strong>Amended</strong> on{' '}
              <time dateTime={amendment.amended_at}>{formatTimestampInUk(amendment.amended_at)}</time> by{' '}
              {amendment.amended_by.email}: {amendment.reason}
            </p>
            <ul className="admin-history__changes">
              {amendment.changes.map((change) => (
                <li key={change.field}>{describeChange(change)}</li>
              ))}
            </ul>
          </li>
        ))}
        {record.withdrawal ? (
          <li className="admin-history__entry admin-history__entry--withdrawal">
            <p>
              <strong>Withdrawn</strong> on{' '}
              <time dateTime={record.withdrawal.withdrawn_at}>
                {formatTimestampInUk(record.withdrawal.withdrawn_at)}
              </time>{' '}
              by {record.withdrawal.withdrawn_by.email}: {record.withdrawal.reason}
            </p>
          </li>
        ) : null}
      </ol>
    </section>
  );
}
