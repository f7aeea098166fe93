import { lazy, Suspense, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MESSAGES, ZLookupResponseSchema, type TPublicServiceRecord, type TVehicleReport } from '@sh/shared/contract';
import { ApiError } from '../api/client';
import { preloadPublicAnswer } from '../api/client';
import {
  lookupByVinPath,
  lookupPath,
  lookupServiceRecords,
  lookupServiceRecordsByVin,
} from '../api/lookup-service-records';
import { fetchVehicleReportWithin } from '../api/vehicle-report';
import { BackLink } from '../components/BackLink';
import { SearchIcon, WarningIcon } from '../components/icons';
import { LoadFailure } from '../components/LoadFailure';
import { NumberPlate } from '../components/NumberPlate';
import { Spinner } from '../components/Spinner';
import { formatRecordCount, todayIsoInUk } from '../lib/format';
import { lookupRegistrationSchema, lookupVinSchema } from '../lib/lookup-registration';
import { buildVehicleResultsPath, buildVinResultsPath } from '../lib/registration-input';
import type { TFormSchema } from '../lib/use-schema-form';
import { useApiData, type TApiData } from '../lib/use-api-data';
import { useDocumentTitle } from '../lib/use-document-title';
import { usePageAnswer } from '../lib/page-answers';
import { buildBuyerSummary, type TBuyerSummaryInput } from './vehicle-results/buyer-summary';
import { BuyerSummary } from './vehicle-results/BuyerSummary';
import { MileageChart } from './vehicle-results/MileageChart';
import { buildMileageReadings, buildTimeline, compareIsoDates } from './vehicle-results/report-model';
import { MissingSourcesNotice } from './vehicle-results/ReportNotices';
import { ReportPrintHeader, ReportShare } from './vehicle-results/ReportShare';
import { ReportTimeline } from './vehicle-results/ReportTimeline';
import { VehicleSummary } from './vehicle-results/VehicleSummary';
import '../styles/report.css';

/** What the check in the visitor's browser found, in full, under the history (loaded once there are records). */
const HistoryIntegrity = lazy(() =>
  import('./vehicle-results/HistoryIntegrity').then((module) => ({ default: module.HistoryIntegrity })),
);

const NO_MOT_TESTS: TVehicleReport['motTests'] = [];

/** The search a results page answers: a registration, or a VIN (every plate it was logged under). */
type TSearch = { kind: 'registration'; registration: string } | { kind: 'vin'; vin: string };

/**
 * /vehicle-results?reg= (or ?vin=): the buyer's report on one vehicle: first the buyer's answer in a few lines
 * (BuyerSummary), then DVLA's details, DVSA's MOT tests, one mileage chart and one timeline by year from every
 * source. Printable and shareable without signing in. By VIN, it holds every record with that VIN whatever plate it
 * was logged under, and DVLA's and DVSA's parts are those of the plate of the newest record.
 */
export function VehicleResultsPage() {
  const [searchParams] = useSearchParams();
  const registration = (searchParams.get('reg') ?? '').trim();
  const vin = (searchParams.get('vin') ?? '').trim().toUpperCase();
  const subject = registration ? registration.toUpperCase() : vin ? `VIN ${vin}` : '';
  useDocumentTitle(subject ? `Service History for ${subject}` : 'Service History');

  // Checked as the lookup checks it before anything is asked with it: a search it would refuse is refused here.
  const refusal = registration
    ? refusalOf(lookupRegistrationSchema.safeParse({ registration }))
    : vin
      ? refusalOf(lookupVinSchema.safeParse({ vin }))
      : MESSAGES.lookup.noRegistration;
  if (refusal) return <SearchRefused subject={subject} message={refusal} />;
  if (registration)
    return <VehicleHistory key={`reg:${registration}`} search={{ kind: 'registration', registration }} />;
  return <VehicleHistory key={`vin:${vin}`} search={{ kind: 'vin', vin }} />;
}

/** The message of a search the lookup would refuse, or null for one it takes. */
function refusalOf(checked: ReturnType<TFormSchema<unknown>['safeParse']>): string | null {
  return checked.success ? null : (checked.error.issues[0]?.message ?? MESSAGES.lookup.noRegistration);
}

function VehicleHistory({ search }: { search: TSearch }) {
  const lookupAt = search.kind === 'vin' ? lookupByVinPath(search.vin) : lookupPath(search.registration);
  // The history the gateway rendered the page with (its HTML already shows it); else, in the rendered HTML, the
  // browser asks for it while the page's script loads, and the lookup below takes that answer.
  const rendered = usePageAnswer(lookupAt, ZLookupResponseSchema)?.data.serviceRecords;
  if (!rendered) preloadPublicAnswer(lookupAt);
  const renderedNewestFirst = useMemo(() => rendered && sortNewestFirst(rendered), [rendered]);
  const lookup = useApiData(
    (signal) =>
      (search.kind === 'vin'
        ? lookupServiceRecordsByVin(search.vin, { signal })
        : lookupServiceRecords(search.registration, { signal })
      ).then(sortNewestFirst),
    [search],
    { isTransition: true, initialData: renderedNewestFirst },
  );
  const records = lookup.status === 'loaded' ? lookup.data : null;
  // By VIN, DVLA and DVSA are asked about the plate the vehicle was last serviced under.
  const reportRegistration =
    search.kind === 'registration' ? search.registration : (records?.[0]?.vehicle_registration ?? null);
  // The buyer's report loads beside our records and never holds them up.
  const report = useApiData(
    (signal) => fetchVehicleReportWithin(reportRegistration ?? '', signal),
    [reportRegistration],
    { isEnabled: reportRegistration !== null, isTransition: true },
  );
  // The check in the visitor's browser (issue 23): its WebCrypto code loads once there are records to check.
  const check = useApiData(
    (signal) =>
      import('../lib/check-history-in-browser').then((module) =>
        module.checkHistoriesInBrowser(records ?? [], { signal }),
      ),
    [records],
    { isEnabled: records !== null && records.length > 0, isTransition: true },
  );
  const motTests = report.status === 'loaded' ? report.data.motTests : NO_MOT_TESTS;
  // Built once per answer, so that the history check's result re-renders the summary alone, not the chart and the
  // timeline (each memoised): a phone's main thread is never held long by what did not change (issue 26.4).
  const readings = useMemo(() => (records ? buildMileageReadings(records, motTests) : []), [records, motTests]);
  const timeline = useMemo(() => (records ? buildTimeline(records, motTests) : []), [records, motTests]);
  const resultsPath =
    search.kind === 'vin' ? buildVinResultsPath(search.vin) : buildVehicleResultsPath(search.registration);
  const subject = search.kind === 'vin' ? `VIN ${search.vin}` : search.registration.toUpperCase();

  return (
    <div className="results-page report">
      <ReportPrintHeader subject={subject} resultsPath={resultsPath} />
      <section className="results-header" aria-labelledby="results-title">
        <div className="container">
          <nav className="results-header__links" aria-label="Search">
            <BackLink to="/lookup" isOnDark>
              Back to Search
            </BackLink>
          </nav>
          <h1 id="results-title" className="results-header__title">
            Service History for{' '}
            {search.kind === 'vin' ? (
              <span className="results-header__vin">VIN {search.vin}</span>
            ) : (
              <NumberPlate registration={search.registration} size="lg" />
            )}
          </h1>
          {/* The count's line is there from the first paint so that nothing below moves when it comes (issue 26). */}
          <p className="results-header__count" aria-hidden={records ? undefined : true}>
            {records ? formatRecordCount(records.length) : '\u00a0'}
          </p>
          <ReportShare resultsPath={resultsPath} />
        </div>
      </section>

      <div className="container results-body">
        {records && records.length > 0 ? (
          <BuyerSummary
            summary={buildBuyerSummary({
              records,
              readings,
              report: reportPart(report),
              check:
                check.status === 'loaded'
                  ? { state: 'loaded', result: check.data }
                  : { state: check.status === 'failed' ? 'failed' : 'loading' },
              today: todayIsoInUk(),
            })}
          />
        ) : null}
        {/* The report's part waits for our records, so that the summary never comes in above it and pushes it down. */}
        {reportRegistration !== null && lookup.status !== 'loading' ? <VehicleReportPart report={report} /> : null}
        {lookup.status === 'loading' ? <Spinner label="Searching service records…" /> : null}
        {lookup.status === 'failed' ? (
          <LoadFailure
            title="We couldn't load this history"
            message={describeLookupFailure(lookup.error)}
            onRetry={lookup.retry}
          />
        ) : null}
        {records?.length === 0 ? <NoRecords search={search} /> : null}
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
            <HistoryIntegrity check={check} records={records} />
          </Suspense>
        ) : null}

        {/* Shown once the search is answered: under the spinner it would be pushed down when the report comes in. */}
        {lookup.status !== 'loading' ? (
          <div className="results-footer">
            <Link to="/" className="button button--primary">
              <SearchIcon size={18} />
              Search Another Vehicle
            </Link>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** What the summary needs of the report: loading, failed, or its vehicle and MOT tests. */
function reportPart(report: TApiData<TVehicleReport>): TBuyerSummaryInput['report'] {
  if (report.status === 'loaded')
    return { state: 'loaded', vehicle: report.data.vehicle, motTests: report.data.motTests };
  return { state: report.status === 'failed' ? 'failed' : 'loading' };
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
  return [...records].sort((a, b) => compareIsoDates(b.service_date, a.service_date));
}

function NoRecords({ search }: { search: TSearch }) {
  return (
    <section className="empty-state" aria-labelledby="no-records-title">
      <SearchIcon size={40} />
      <h2 id="no-records-title">No Records Found</h2>
      <p className="empty-state__message">{MESSAGES.lookup.noRecords}</p>
      <p>
        Check the {search.kind === 'vin' ? 'VIN' : 'registration'} is correct. A vehicle only has a history here once a
        garage using our platform has logged a service for it.
      </p>
    </section>
  );
}

/** A search the lookup would refuse (none, or not a registration or VIN): what is wrong with it, and nothing asked. */
function SearchRefused({ subject, message }: { subject: string; message: string }) {
  return (
    <div className="container narrow results-missing">
      <section className="empty-state" aria-labelledby="missing-title">
        <WarningIcon size={40} />
        <h1 id="missing-title">{subject ? `Service History for ${subject}` : 'Service History'}</h1>
        <p className="empty-state__message">{message}</p>
        <Link to="/lookup" className="button button--primary">
          <SearchIcon size={18} />
          Search for a vehicle
        </Link>
      </section>
    </div>
  );
}
