import { MESSAGES, type TGarageServiceRecord } from '@sh/shared/contract';
import { CalendarIcon, GaugeIcon, NoteIcon, PersonIcon, WarningIcon } from '../../components/icons';
import { NumberPlate } from '../../components/NumberPlate';
import { ServiceTypeIcon } from '../../components/ServiceTypeIcon';
import { formatMileage, formatServiceDate } from '../../lib/format';
import { ReceiptDetails } from './ReceiptDetails';

/** One of the garage's own records: the service, vehicle, date, mileage, notes, technician and its receipt. */
export function GarageRecordCard({ record }: { record: TGarageServiceRecord }) {
  const mileage = formatMileage(record.mileage);
  return (
    <article className={`record-card${record.mileage_anomaly ? ' record-card--anomaly' : ''}`} aria-labelledby={`record-${record.id}`}>
      <header className="record-card__header">
        <ServiceTypeIcon serviceType={record.service_type} />
        <div className="record-card__heading">
          <h3 id={`record-${record.id}`} className="record-card__title">
            {record.service_type}
          </h3>
          <p className="record-card__date">
            <CalendarIcon size={16} />
            <time dateTime={record.service_date}>{formatServiceDate(record.service_date)}</time>
          </p>
        </div>
        {mileage ? (
          <p className="record-card__mileage">
            <GaugeIcon size={18} />
            {mileage}
          </p>
        ) : null}
      </header>

      {record.mileage_anomaly ? (
        <p className="badge badge--warning">
          <WarningIcon size={16} />
          {MESSAGES.platform.mileageAnomaly}
        </p>
      ) : null}

      <dl className="record-card__details">
        <div className="record-card__detail">
          <dt>
            <span>Registration</span>
          </dt>
          <dd>
            <NumberPlate registration={record.vehicle_registration} size="sm" />
          </dd>
        </div>
        <div className="record-card__detail">
          <dt>
            <span>VIN</span>
          </dt>
          <dd>
            <code>{record.vin}</code>
          </dd>
        </div>
        {record.technician_name ? (
          <div className="record-card__detail">
            <dt>
              <PersonIcon size={18} />
              <span>Technician</span>
            </dt>
            <dd>{record.technician_name}</dd>
          </div>
        ) : null}
        {record.notes ? (
          <div className="record-card__detail record-card__detail--wide">
            <dt>
              <NoteIcon size={18} />
              <span>Notes</span>
            </dt>
            <dd className="record-card__notes">{record.notes}</dd>
          </div>
        ) : null}
      </dl>

      {record.receipt ? <ReceiptDetails receipt={record.receipt} /> : <p className="receipt receipt--none">No receipt is available for this record.</p>}
    </article>
  );
}
