import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MESSAGES, type TPublicServiceRecord, type TVehicleReport } from '@sh/shared/contract';
import { ApiError } from '../api/client';
import { lookupServiceRecords } from '../api/lookup-service-records';
import { fetchVehicleReportWithin } from '../api/vehicle-report';
import { BackLink } from '../components/BackLink';
import { SearchIcon, WarningIcon } from '../components/icons';
import { LoadFailure } from '../components/LoadFailure';
import { NumberPlate } from '../components/NumberPlate';
import { Spinner } from '../components/Spinner';
import { formatRecordCount } from '../lib/format';
import { useApiData, type TApiData } from '../lib/use-api-data';
import { useDocumentTitle } from '../lib/use-document-title';
import { MileageChart } from './vehicle-results/MileageChart';
import { buildMileageReadings, buildTimeline } from './vehicle-results/report-model';
import { MissingSourcesNotice } from './vehicle-results/ReportNotices';
import { ReportPrintHeader, ReportShare } from './vehicle-results/ReportShare';
import { ReportTimeline } from './vehicle-results/ReportTimeline';
import { VehicleSummary } from './vehicle-results/VehicleSummary';
import '../styles/report.css';

/** The check in the visitor's browser (issue 23) and its WebCrypto code load once there are records to check. */
const HistoryIntegrity = lazy(() =>
  import('./vehicle-results/HistoryIntegrity').then((module) => ({ default: module.HistoryIntegrity })),
);

/**
 * /vehicle-results?reg=: the buyer's report on one registration: our service records at once, and beside them
 * DVLA's details, DVSA's MOT tests, one mileage chart and one timeline from every source. Printable and shareable
 * without signing in.
 */
export function VehicleResultsPage() {
  const [searchParams] = useSearchParams();
  const registration = (searchParams.get('reg') ?? '').trim();
  useDocumentTitle(registration ? `Service History for ${registration.toUpperCase()}` : 'Service History');

  if (!registration) return <MissingRegistration />;
  return <RegistrationHistory key={registration} registration={registration} />;
}

function RegistrationHistory({ registration }: { registration: string }) {
  const lookup = useApiData(
    (signal) => lookupServiceRecords(registration, { signal }).then(sortNewestFirst),
    [registration],
  );
  // The buyer's report loads beside our records and never holds them up.
  const report = useApiData((signal) => fetchVehicleReportWithin(registration, signal), [registration]);
  const records = lookup.status === 'loaded' ? lookup.data : null;
  const motTests = report.status === 'loaded' ? report.data.motTests : [];
  const readings = records ? buildMileageReadings(records, motTests) : [];
  const timeline = records ? buildTimeline(records, motTests) : [];

  return (
    <div className="results-page report">
      <ReportPrintHeader registration={registration} />
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
          <ReportShare registration={registration} />
        </div>
      </section>

      <div className="container results-body">
        <VehicleReportPart report={report} />
        {lookup.status === 'loading' ? <Spinner label="Searching service records…" /> : null}
        {lookup.status === 'failed' ? (
          <LoadFailure
            title="We couldn't load this history"
            message={describeLookupFailure(lookup.error)}
            onRetry={lookup.retry}
          />
        ) : null}
        {records?.length === 0 ? <NoRecords /> : null}
        {readings.length > 0 ? <MileageChart readings={readings} /> : null}
        {timeline.length > 0 ? (
          <section className="report-history" aria-labelledby="report-history-title">
            <h2 id="report-history-title" className="report-section__title report-history__title">
              {motTests.length > 0 ? 'Services and MOT tests' : 'Services'}
            </h2>
            <ReportTimeline entries={timeline} readings={readings} />
          </section>
        ) : null}
        {records && records.length > 0 ? (
          <Suspense fallback={<CheckingIntegrity />}>
            <HistoryIntegrity registration={registration} records={records} />
          </Suspense>
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

/** DVLA's details and the notice of what could not be had; a failed call is a notice, never an error page. */
function VehicleReportPart({ report }: { report: TApiData<TVehicleReport> }) {
  if (report.status === 'failed') return <MissingSourcesNotice missing={[]} failed />;
  if (report.status !== 'loaded') {
    return (
      <p className="report-loading" role="status">
        {MESSAGES.vehicleReport.loading}
      </p>
    );
  }
  return (
    <>
      <MissingSourcesNotice missing={report.data.missing} />
      {report.data.vehicle ? <VehicleSummary vehicle={report.data.vehicle} /> : null}
    </>
  );
}

/** Neutral while the history check's code loads (the same line it shows while it runs). */
function CheckingIntegrity() {
  return (
    <p className="integrity integrity--neutral" role="status">
      Checking this history in your browser…
    </p>
  );
}

function describeLookupFailure(error: unknown): string {
  return error instanceof ApiError ? error.message : MESSAGES.platform.networkFailure;
}

/** Newest service first; records of the same day keep the server's order. */
function sortNewestFirst(records: TPublicServiceRecord[]): TPublicServiceRecord[] {
  return [...records].sort((a, b) => b.service_date.localeCompare(a.service_date));
}

function NoRecords() {
  return (
    <section className="empty-state" aria-labelledby="no-records-title">
      <SearchIcon size={40} />
      <h2 id="no-records-title">No Records Found</h2>
      <p className="empty-state__message">{MESSAGES.lookup.noRecords}</p>
      <p>
        Check the registration is correct. A vehicle only has a history here once a garage using our platform has logged
        a service for it.
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
