import type { ReactNode } from 'react';
import { importedLine, MESSAGES, type TPublicServiceRecord } from '@sh/shared/contract';
import { formatInstantDateInUk, formatMileage, formatServiceDate } from '../lib/format';
import { CalendarIcon, GaugeIcon, NoteIcon, PersonIcon, WarningIcon } from './icons';
import { ServiceTypeIcon } from './ServiceTypeIcon';
import '../styles/amendments.css';

/** A record card's header: the service with its icon, its date and its mileage. */
export function RecordCardHeader({
  record,
  headingLevel = 2,
  headingId,
}: {
  record: Pick<TPublicServiceRecord, 'service_type' | 'service_date' | 'mileage'>;
  headingLevel?: 2 | 3;
  headingId?: string;
}) {
  const mileage = formatMileage(record.mileage);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <header className="record-card__header">
      <ServiceTypeIcon serviceType={record.service_type} />
      <div className="record-card__heading">
        <Heading id={headingId} className="record-card__title">
          {record.service_type}
        </Heading>
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
  );
}

/**
 * One service record as a card: the service with its icon, date and mileage, the platform's amendments of it,
 * "Imported on {date}, serviced on {date}" for a record imported from its garage's history, the mileage warning, then its
 * details (`before` the technician and notes, `after` them) and anything under them (a receipt). The heading
 * is an h2 on a page of records, an h3 inside a section; with `headingId` the card is named by it.
 */
export function ServiceRecordCard({
  record,
  headingLevel = 2,
  headingId,
  before,
  after,
  children,
}: {
  record: TPublicServiceRecord;
  headingLevel?: 2 | 3;
  headingId?: string;
  before?: ReactNode;
  after?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <article
      className={`record-card${record.mileage_anomaly ? ' record-card--anomaly' : ''}`}
      aria-labelledby={headingId}
    >
      <RecordCardHeader record={record} headingLevel={headingLevel} headingId={headingId} />

      <AmendmentLines amendments={record.amendments} />

      <ImportedLine record={record} />

      {record.mileage_anomaly ? (
        <p className="badge badge--warning">
          <WarningIcon size={16} />
          {MESSAGES.platform.mileageAnomaly}
        </p>
      ) : null}

      <dl className="record-card__details">
        {before}
        {record.technician_name ? (
          <RecordDetail icon={<PersonIcon size={18} />} term="Technician">
            {record.technician_name}
          </RecordDetail>
        ) : null}
        {record.notes ? (
          <RecordDetail icon={<NoteIcon size={18} />} term="Notes" layout="wide" isNotes>
            {record.notes}
          </RecordDetail>
        ) : null}
        {after}
      </dl>
      {children}
    </article>
  );
}

/**
 * One detail of a record card: its term (with an icon, or only for screen readers when `layout` is
 * "inline") and its value. "wide" takes the card's whole width.
 */
export function RecordDetail({
  icon,
  term,
  layout,
  isNotes = false,
  children,
}: {
  icon?: ReactNode;
  term: string;
  layout?: 'inline' | 'wide';
  isNotes?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`record-card__detail${layout ? ` record-card__detail--${layout}` : ''}`}>
      <dt>
        {icon}
        <span className={layout === 'inline' ? 'visually-hidden' : undefined}>{term}</span>
      </dt>
      <dd className={isNotes ? 'record-card__notes' : undefined}>{children}</dd>
    </div>
  );
}

/**
 * The platform's corrections of a record, oldest first, each as "Amended on {date} by the platform: {reason}"
 * (docs/product.md#corrections: the public sees an amendment, never a silent rewrite).
 */
export function AmendmentLines({ amendments }: { amendments: TPublicServiceRecord['amendments'] }) {
  if (amendments.length === 0) return null;
  return (
    <ul className="record-card__amendments">
      {amendments.map((amendment, index) => (
        <li key={`${amendment.amended_at}-${index}`} className="record-card__amendment">
          <NoteIcon size={16} />
          <span>{describeAmendment(amendment)}</span>
        </li>
      ))}
    </ul>
  );
}

/** "Amended on 23 November 2026 by the platform: {reason}". */
export function describeAmendment(amendment: { amended_at: string; reason: string }): string {
  return `Amended on ${formatInstantDateInUk(amendment.amended_at)} by the platform: ${amendment.reason}`;
}

/**
 * "Imported on {date}, serviced on {date}" for a record imported from its garage's history
 * (docs/product.md#importing-a-garages-history); nothing for one logged here.
 */
export function ImportedLine({
  record,
}: {
  record: Pick<TPublicServiceRecord, 'imported' | 'created_at' | 'service_date'>;
}) {
  if (!record.imported) return null;
  return (
    <p className="record-card__imported">
      {importedLine(formatInstantDateInUk(record.created_at), formatServiceDate(record.service_date))}
    </p>
  );
}
