import { memo, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES, type TMotTest, type TPublicServiceRecord } from '@sh/shared/contract';
import {
  CalendarIcon,
  CheckIcon,
  CrossIcon,
  GarageIcon,
  GaugeIcon,
  MapPinIcon,
  ShieldCheckIcon,
  WarningIcon,
} from '../../components/icons';
import { RecordDetail, ServiceRecordCard } from '../../components/ServiceRecordCard';
import { formatMileage, formatServiceDate, formatWholeNumber } from '../../lib/format';
import type { TMileageReading, TTimelineEntry } from './report-model';

/** DVSA's defect kinds that fail a test (PRS: failed, then put right at the test station). */
const FAILURE_TYPES = new Set(['FAIL', 'MAJOR', 'DANGEROUS', 'PRS']);

/** The most recent years of the timeline that stay open on a small screen; older years fold behind a button. */
export const OPEN_YEARS = 3;

/** The screens on which the older years fold: the same query as styles/report.css's. */
export const FOLDING_SCREENS = 'screen and (max-width: 640px)';

let isPrinting = false;

/** Whether the older years are folded on this screen now: a phone's, and not while the page is being printed. */
function foldsOlderYears(): boolean {
  return !isPrinting && typeof window.matchMedia === 'function' && window.matchMedia(FOLDING_SCREENS).matches;
}

function subscribeToFolding(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const screens = window.matchMedia(FOLDING_SCREENS);
  // Printed, every year is on paper: React renders the folded ones before the print is laid out.
  const beforePrint = () => {
    isPrinting = true;
    onChange();
  };
  const afterPrint = () => {
    isPrinting = false;
    onChange();
  };
  screens.addEventListener('change', onChange);
  window.addEventListener('beforeprint', beforePrint);
  window.addEventListener('afterprint', afterPrint);
  return () => {
    screens.removeEventListener('change', onChange);
    window.removeEventListener('beforeprint', beforePrint);
    window.removeEventListener('afterprint', afterPrint);
  };
}

/** The timeline's entries by calendar year, newest year first, each year's entries in the timeline's order. */
export function groupByYear(entries: readonly TTimelineEntry[]): Array<{ year: string; entries: TTimelineEntry[] }> {
  const years: Array<{ year: string; entries: TTimelineEntry[] }> = [];
  for (const entry of entries) {
    const year = entry.date.slice(0, 4);
    const last = years.at(-1);
    if (last?.year === year) last.entries.push(entry);
    else years.push({ year, entries: [entry] });
  }
  return years;
}

/**
 * One timeline of the vehicle by year, newest first: the services logged here (with their garage and a link to check
 * them) and DVSA's MOT tests (result, mileage, failures and advisories, dangerous defects marked). An entry whose
 * mileage is lower than an earlier reading from any source is flagged. On a small screen the years before the last
 * three are folded (styles/report.css), each behind a button that opens it; wide screens and paper show every year.
 * A folded year's entries are not rendered until it is opened: on a phone they were most of the page's elements,
 * and rendering and laying them out held its main thread for no one (issue 26.4).
 */
export const ReportTimeline = memo(function ReportTimeline({
  entries,
  readings,
}: {
  entries: readonly TTimelineEntry[];
  readings: readonly TMileageReading[];
}) {
  const lowerById = new Map(
    readings.filter((reading) => reading.isLowerThanEarlier).map((reading) => [reading.id, reading]),
  );
  const [openedYears, setOpenedYears] = useState<ReadonlySet<string>>(new Set());
  const isFoldingScreen = useSyncExternalStore(subscribeToFolding, foldsOlderYears, () => false);
  const years = groupByYear(entries);
  return (
    <ol className="report-timeline-years" aria-label="Services and MOT tests, newest first">
      {years.map(({ year, entries: ofYear }, index) => {
        const isFoldable = index >= OPEN_YEARS;
        const isOpen = !isFoldable || openedYears.has(year);
        const listId = `report-year-${year}`;
        return (
          <li
            key={year}
            className={`report-year${isFoldable ? ' report-year--older' : ''}${isOpen ? ' report-year--open' : ''}`}
          >
            <h3 className="report-year__title">{year}</h3>
            {isFoldable ? (
              <button
                type="button"
                className="report-year__toggle button button--ghost button--small"
                aria-expanded={isOpen}
                aria-controls={listId}
                onClick={() =>
                  setOpenedYears((opened) => {
                    const next = new Set(opened);
                    if (next.has(year)) next.delete(year);
                    else next.add(year);
                    return next;
                  })
                }
              >
                {isOpen
                  ? `Hide ${year}`
                  : `Show ${year} (${ofYear.length} ${ofYear.length === 1 ? 'entry' : 'entries'})`}
              </button>
            ) : null}
            <ol id={listId} className="record-list report-timeline">
              {isFoldingScreen && !isOpen
                ? null
                : ofYear.map((entry) => (
                    <li key={entry.id} className={`report-timeline__entry report-timeline__entry--${entry.kind}`}>
                      {entry.kind === 'service' ? (
                        <PublicRecordCard record={entry.record} isLower={lowerById.has(entry.id)} />
                      ) : (
                        <MotTestCard test={entry.test} lower={lowerById.get(entry.id) ?? null} />
                      )}
                    </li>
                  ))}
            </ol>
          </li>
        );
      })}
    </ol>
  );
});

/**
 * One service record of the public history: who serviced the vehicle, and where, and how to check it. Memoised, as
 * the MOT card is: when DVSA's tests come in, only their cards are rendered, not every record's again.
 */
const PublicRecordCard = memo(function PublicRecordCard({
  record,
  isLower,
}: {
  record: TPublicServiceRecord;
  isLower: boolean;
}) {
  // The record's own flag compares services; a lower reading than an earlier MOT test is flagged here too.
  const shown = isLower && !record.mileage_anomaly ? { ...record, mileage_anomaly: true } : record;
  return (
    <ServiceRecordCard
      record={shown}
      before={
        <RecordDetail icon={<GarageIcon size={18} />} term="Garage" layout="inline">
          Serviced by{' '}
          {record.garage.slug ? (
            <Link to={`/garages/${record.garage.slug}`} className="report-garage-link">
              <strong data-computed>{record.garage.name}</strong>
            </Link>
          ) : (
            <strong data-computed>{record.garage.name}</strong>
          )}
        </RecordDetail>
      }
      after={
        <>
          <RecordDetail icon={<MapPinIcon size={18} />} term="Garage address" layout="wide">
            {record.garage.address}
          </RecordDetail>
          <RecordDetail icon={<ShieldCheckIcon size={18} />} term="Receipt" layout="wide">
            Sealed in this vehicle&apos;s history when it was logged.{' '}
            <Link
              to={`/verify-records?reg=${encodeURIComponent(record.vehicle_registration)}`}
              className="report-verify-link"
            >
              Verify this record
            </Link>
          </RecordDetail>
        </>
      }
    />
  );
});

const MotTestCard = memo(function MotTestCard({ test, lower }: { test: TMotTest; lower: TMileageReading | null }) {
  const isPass = test.testResult === 'PASSED';
  const failures = test.defects.filter((defect) => FAILURE_TYPES.has(defect.type.toUpperCase()));
  const advisories = test.defects.filter((defect) => !FAILURE_TYPES.has(defect.type.toUpperCase()));
  const headingId = `mot-${test.motTestNumber}-title`;
  return (
    <article
      className={`record-card mot-card mot-card--${isPass ? 'pass' : 'fail'}${lower ? ' record-card--anomaly' : ''}`}
      aria-labelledby={headingId}
    >
      <header className="record-card__header">
        <span className="mot-card__icon" aria-hidden="true">
          {isPass ? <CheckIcon size={22} /> : <CrossIcon size={22} />}
        </span>
        <div className="record-card__heading">
          <h2 id={headingId} className="record-card__title">
            MOT test: {isPass ? 'Passed' : 'Failed'}
          </h2>
          <p className="record-card__date">
            <CalendarIcon size={16} />
            {formatServiceDate(test.completedDate.slice(0, 10))}
          </p>
        </div>
      </header>
      {lower ? (
        <p className="badge badge--warning">
          <WarningIcon size={18} />
          {MESSAGES.vehicleReport.mileageLower} ({formatMileage(lower.earlierMiles)})
        </p>
      ) : null}
      <dl className="mot-card__facts">
        <div>
          <dt>
            <GaugeIcon size={16} /> Mileage
          </dt>
          <dd>{describeOdometer(test)}</dd>
        </div>
        {test.expiryDate ? (
          <div>
            <dt>Expires</dt>
            <dd>{formatServiceDate(test.expiryDate.slice(0, 10))}</dd>
          </div>
        ) : null}
        <div>
          <dt>Test number</dt>
          <dd>{test.motTestNumber}</dd>
        </div>
      </dl>
      <DefectList title="Failures" defects={failures} />
      <DefectList title="Advisories" defects={advisories} />
    </article>
  );
});

function describeOdometer(test: TMotTest): string {
  if (test.odometerResultType === 'UNREADABLE') return 'Odometer unreadable';
  if (test.odometerResultType === 'NO_ODOMETER') return 'No odometer';
  const inMiles = formatMileage(test.odometerMiles) ?? 'Not recorded';
  if (test.odometerUnit === 'KM' && test.odometerValue !== null)
    return `${inMiles} (${formatWholeNumber(test.odometerValue)} km)`;
  return inMiles;
}

function DefectList({ title, defects }: { title: string; defects: TMotTest['defects'] }) {
  if (defects.length === 0) return null;
  return (
    <div className="mot-card__defects">
      <h3>{title}</h3>
      <ul>
        {defects.map((defect, index) => (
          <li
            key={`${index}-${defect.text}`}
            className={defect.dangerous ? 'mot-defect mot-defect--dangerous' : 'mot-defect'}
          >
            {defect.dangerous ? <strong className="mot-defect__danger">Dangerous: </strong> : null}
            {defect.text} <span className="mot-defect__type">({defect.type.toLowerCase()})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
