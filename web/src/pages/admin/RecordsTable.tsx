import { Link } from 'react-router-dom';
import type { TAdminServiceRecord } from '@sh/shared/contract';
import { NumberPlate } from '../../components/NumberPlate';
import { formatMileage, formatServiceDate } from '../../lib/format';
import { RecordBadges } from './RecordHistory';
import { RecordActionButtons } from './RowActionButton';
import type { TRecordActions } from './use-record-actions';
import { AdminTable } from './AdminTable';

/**
 * The records table of /admin (docs/product.md#admin-dashboard: vehicle, service with its type and notes, garage name, date, with edit
 * and delete), plus mileage, the Amended and Withdrawn badges, and the erasure of personal data. The registration opens the vehicle's records
 * in the service record manager, with their full history. It scrolls sideways inside its frame on a narrow screen.
 */
export function RecordsTable({
  records,
  caption,
  actions,
}: {
  records: readonly TAdminServiceRecord[];
  caption: string;
  actions: TRecordActions;
}) {
  return (
    <AdminTable
      label={caption}
      caption={caption}
      columns={['Vehicle', 'Service', 'Garage', 'Date', 'Mileage', 'Actions']}
    >
      {records.map((listed) => {
        const record = actions.latest(listed);
        const date = formatServiceDate(record.service_date);
        return (
          <tr key={record.id} className={record.withdrawal ? 'admin-table__row--withdrawn' : undefined}>
            <th scope="row">
              <Link
                to={`/admin/records?reg=${encodeURIComponent(record.vehicle_registration)}`}
                className="admin-table__plate-link"
                aria-label={`${record.vehicle_registration}: every record and its history`}
              >
                <NumberPlate registration={record.vehicle_registration} size="sm" />
              </Link>
              <code className="admin-table__vin">{record.vin}</code>
            </th>
            <td>
              <strong>{record.service_type}</strong>
              {record.notes ? <p className="admin-table__notes">{record.notes}</p> : null}
              <RecordBadges record={record} />
            </td>
            <td>{record.garage.name}</td>
            <td>
              <time dateTime={record.service_date}>{date}</time>
            </td>
            <td>{formatMileage(record.mileage) ?? '—'}</td>
            <td>
              {record.withdrawal ? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="visually-hidden">No actions for a withdrawn record</span>
                </>
              ) : (
                <span className="admin-table__actions">
                  <RecordActionButtons
                    record={record}
                    actions={actions}
                    subject={`${record.vehicle_registration}, ${date}`}
                  />
                </span>
              )}
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
