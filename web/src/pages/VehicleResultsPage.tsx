import { Link, useSearchParams } from 'react-router-dom';
import { MESSAGES, type TPublicServiceRecord } from '@sh/shared/contract';
import { ApiError } from '../api/client';
import { lookupServiceRecords } from '../api/lookup-service-records';
import { BackLink } from '../components/BackLink';
import { GarageIcon, MapPinIcon, SearchIcon, WarningIcon } from '../components/icons';
import { LoadFailure } from '../components/LoadFailure';
import { NumberPlate } from '../components/NumberPlate';
import { RecordDetail, ServiceRecordCard } from '../components/ServiceRecordCard';
import { Spinner } from '../components/Spinner';
import { formatRecordCount } from '../lib/format';
import { useApiData } from '../lib/use-api-data';
import { useDocumentTitle } from '../lib/use-document-title';
import { HistoryIntegrity } from './vehicle-results/HistoryIntegrity';

/** /vehicle-results?reg=: the public service history of one registration. */
export function VehicleResultsPage() {
  const [searchParams] = useSearchParams();
  const registration = (searchParams.get('reg') ?? '').trim();
  useDocumentTitle(registration ? `Service History for ${registration.toUpperCase()}` : 'Service History');

  if (!registration) return <MissingRegistration />;
  return <RegistrationHistory key={registration} registration={registration} />;
}

function RegistrationHistory({ registration }: { registration: string }) {
  const lookup = useApiData((signal) => lookupServiceRecords(registration, { signal }).then(sortNewestFirst), [registration]);
  const records = lookup.status === 'loaded' ? lookup.data : null;

  return (
    <div className="results-page">
      <section className="results-header" aria-labelledby="results-title">
        <div className="container">
          <nav className="results-header__links" aria-label="Search">
            <BackLink to="/lookup" isOnDark>
              Back to Search
            </BackLink>
          </nav>
          <h1 id="results-title" className="results-header__title">
            Service History for <NumberPlate registration={registration} size="lg" />
          </h1>
          {records ? <p className="results-header__count">{formatRecordCount(records.length)}</p> : null}
        </div>
      </section>

      <div className="container results-body">
        {lookup.status === 'loading' ? <Spinner label="Searching service records…" /> : null}
        {lookup.status === 'failed' ? (
          <LoadFailure title="We couldn't load this history" message={describeLookupFailure(lookup.error)} onRetry={lookup.retry} />
        ) : null}
        {records?.length === 0 ? <NoRecords /> : null}
        {records && records.length > 0 ? (
          <>
            <ol className="record-list">
              {records.map((record) => (
                <li key={record.id}>
                  <PublicRecordCard record={record} />
                </li>
              ))}
            </ol>
            <HistoryIntegrity registration={registration} records={records} />
          </>
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

function describeLookupFailure(error: unknown): string {
  return error instanceof ApiError ? error.message : MESSAGES.platform.networkFailure;
}

/** Newest service first; records of the same day keep the server's order. */
function sortNewestFirst(records: TPublicServiceRecord[]): TPublicServiceRecord[] {
  return [...records].sort((a, b) => b.service_date.localeCompare(a.service_date));
}

/** One service record of the public history: who serviced the vehicle, and where. */
function PublicRecordCard({ record }: { record: TPublicServiceRecord }) {
  return (
    <ServiceRecordCard
      record={record}
      before={
        <RecordDetail icon={<GarageIcon size={18} />} term="Garage" layout="inline">
          Serviced by <strong>{record.garage.name}</strong>
        </RecordDetail>
      }
      after={
        <RecordDetail icon={<MapPinIcon size={18} />} term="Garage address" layout="wide">
          {record.garage.address}
        </RecordDetail>
      }
    />
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
