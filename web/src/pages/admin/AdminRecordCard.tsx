import type { TAdminServiceRecord } from '@sh/shared/contract';
import { GarageIcon, NoteIcon, PersonIcon } from '../../components/icons';
import { ImportedLine, RecordCardHeader, RecordDetail } from '../../components/ServiceRecordCard';
import { formatServiceDate } from '../../lib/format';
import { RecordBadges, RecordHistory } from './RecordHistory';
import { RecordActionButtons } from './RowActionButton';
import type { TRecordActions } from './use-record-actions';

/**
 * One record in the service record manager (docs/product.md#service-record-manager): its icon by service type, date, garage, mileage, notes and
 * technician, its Amended and Withdrawn badges and full history, and Edit and Delete while it is not withdrawn, with
 * Erase data while it has personal data left to erase.
 */
export function AdminRecordCard({ record, actions }: { record: TAdminServiceRecord; actions: TRecordActions }) {
  const date = formatServiceDate(record.service_date);
  const headingId = `admin-record-${record.id}`;
  return (
    <article
      className={`record-card admin-record${record.withdrawal ? ' admin-record--withdrawn' : ''}`}
      aria-labelledby={headingId}
    >
      <RecordCardHeader record={record} headingId={headingId} />
      <RecordBadges record={record} />
      <ImportedLine record={record} />

      <dl className="record-card__details">
        <RecordDetail icon={<GarageIcon size={18} />} term="Garage">
          {record.garage.name}
          {record.garage.email ? <span className="admin-table__sub">{record.garage.email}</span> : null}
        </RecordDetail>
        <RecordDetail icon={<PersonIcon size={18} />} term="Technician">
          {record.technician_name ?? 'Not recorded'}
        </RecordDetail>
        <RecordDetail icon={<NoteIcon size={18} />} term="Notes" layout="wide" isNotes>
          {record.notes ?? 'No notes'}
        </RecordDetail>
      </dl>

      <RecordHistory record={record} headingId={`${headingId}-history`} />

      {record.withdrawal ? null : (
        <div className="form__actions admin-record__actions">
          <RecordActionButtons record={record} actions={actions} subject={`${record.service_type} of ${date}`} />
        </div>
      )}
    </article>
  );
}
