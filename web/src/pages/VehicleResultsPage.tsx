import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MESSAGES, type TPublicServiceRecord } from '@sh/shared/contract';
import { ApiError } from '../api/client';
import { lookupServiceRecords } from '../api/lookup-service-records';
import {
  ArrowLeftIcon,
  CalendarIcon,
  GarageIcon,
  GaugeIcon,
  MapPinIcon,
  NoteIcon,
  PersonIcon,
  SearchIcon,
  WarningIcon,
} from '../components/icons';
import { NumberPlate } from '../components/NumberPlate';
import { ServiceTypeIcon } from '../components/ServiceTypeIcon';
import { Spinner } from '../components/Spinner';
import { formatMileage, formatRecordCount, formatServiceDate } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { HistoryIntegrity } from './vehicle-results/HistoryIntegrity';

type TLookupOutcome =
  | { kind: 'loading' }
  | { kind: 'loaded'; records: TPublicServiceRecord[] }
  | { kind: 'failed'; message: string };

/** /vehicle-results?reg=: the public service history of one registration. */
export function VehicleResultsPage() {
  const [searchParams] = useSearchParams();
  const registration = (searchParams.get('reg') ?? '').trim();
  useDocumentTitle(registration ? `Service History for ${registration.toUpperCase()}` : 'Service History');

  if (!registration) return <MissingRegistration />;
  return <RegistrationHistory key={registration} registration={registration} />;
}

function RegistrationHistory({ registration }: { registration: string }) {
  const [attempt, setAttempt] = useState(0);
  // The outcome remembers which attempt it answers, so a retry shows the spinner again without an effect.
  const [answer, setAnswer] = useState<{ attempt: number; outcome: TLookupOutcome } | null>(null);
  const outcome: TLookupOutcome = answer?.attempt === attempt ? answer.outcome : { kind: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    lookupServiceRecords(registration, { signal: controller.signal }).then(
      (records) => setAnswer({ attempt, outcome: { kind: 'loaded', records: sortNewestFirst(records) } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof ApiError ? error.message : MESSAGES.platform.networkFailure;
        setAnswer({ attempt, outcome: { kind: 'failed', message } });
      },
    );
    return () => controller.abort();
  }, [registration, attempt]);

  return (
    <div className="results-page">
      <section className="results-header" aria-labelledby="results-title">
        <div className="container">
          <nav className="results-header__links" aria-label="Search">
            <Link to="/lookup" className="text-link text-link--on-dark">
              <ArrowLeftIcon size={18} />
              Back to Search
            </Link>
          </nav>
          <h1 id="results-title" className="results-header__title">
            Service History for <NumberPlate registration={registration} size="lg" />
          </h1>
          {outcome.kind === 'loaded' ? (
            <p className="results-header__count">{formatRecordCount(outcome.records.length)}</p>
          ) : null}
        </div>
      </section>

      <div className="container results-body">
        {outcome.kind === 'loading' ? <Spinner label="Searching service records…" /> : null}
        {outcome.kind === 'failed' ? (
          <div className="notice notice--error" role="alert">
            <WarningIcon size={24} />
            <div>
              <h2 className="notice__title">We couldn&apos;t load this history</h2>
              <p>{outcome.message}</p>
              <button type="button" className="button button--primary" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </button>
            </div>
          </div>
        ) : null}
        {outcome.kind === 'loaded' && outcome.records.length === 0 ? <NoRecords /> : null}
        {outcome.kind === 'loaded' && outcome.records.length > 0 ? (
          <ol className="record-list">
            {outcome.records.map((record) => (
              <li key={record.id}>
                <ServiceRecordCard record={record} />
              </li>
            ))}
          </ol>
        ) : null}
        {outcome.kind === 'loaded' && outcome.records.length > 0 ? (
          <HistoryIntegrity registration={registration} records={outcome.records} />
        ) : null}

        <div className="results-footer">
          <Link to="/" className="button button--primary">
            <SearchIcon size={18} />
            Search Another Vehicle
          </Link>
        </div>
      </div>
    </div>
  );
}

/** Newest service first; records of the same day keep the server's order. */
function sortNewestFirst(records: TPublicServiceRecord[]): TPublicServiceRecord[] {
  return [...records].sort((a, b) => b.service_date.localeCompare(a.service_date));
}

/** One service record of the public history. */
function ServiceRecordCard({ record }: { record: TPublicServiceRecord }) {
  const mileage = formatMileage(record.mileage);
  return (
    <article className={`record-card${record.mileage_anomaly ? ' record-card--anomaly' : ''}`}>
      <header className="record-card__header">
        <ServiceTypeIcon serviceType={record.service_type} />
        <div className="record-card__heading">
          <h2 className="record-card__title">{record.service_type}</h2>
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
        <div className="record-card__detail record-card__detail--inline">
          <dt>
            <GarageIcon size={18} />
            <span className="visually-hidden">Garage</span>
          </dt>
          <dd>
            Serviced by <strong>{record.garage.name}</strong>
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
        <div className="record-card__detail record-card__detail--wide">
          <dt>
            <MapPinIcon size={18} />
            <span>Garage address</span>
          </dt>
          <dd>{record.garage.address}</dd>
        </div>
      </dl>
    </article>
  );
}

function NoRecords() {
  return (
    <section className="empty-state" aria-labelledby="no-records-title">
      <SearchIcon size={40} />
      <h2 id="no-records-title">No Records Found</h2>
      <p className="empty-state__message">{MESSAGES.lookup.noRecords}</p>
      <p>
        Check the registration is correct. A vehicle only has a history here once a garage using our platform has
        logged a service for it.
      </p>
    </section>
  );
}

function MissingRegistration() {
  return (
    <div className="container narrow results-missing">
      <section className="empty-state" aria-labelledby="missing-title">
        <WarningIcon size={40} />
        <h1 id="missing-title">Service History</h1>
        <p className="empty-state__message">{MESSAGES.lookup.noRegistration}</p>
        <Link to="/lookup" className="button button--primary">
          <SearchIcon size={18} />
          Search for a vehicle
        </Link>
      </section>
    </div>
  );
}
