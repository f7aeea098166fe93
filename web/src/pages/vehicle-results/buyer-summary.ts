import type { TMotTest, TPublicServiceRecord, TVehicleDetails } from '@sh/shared/contract';
import type { THistoryCheck } from '../../lib/check-history-in-browser';
import { formatServiceDate } from '../../lib/format';
import { titleCase } from './VehicleSummary';
import { compareIsoDates, motDate, type TMileageReading } from './report-model';

/** Where the summary's answer comes from is still loading, could not be had, or is known. */
export type TPart<T> = { state: 'loading' } | { state: 'unknown' } | ({ state: 'known' } & T);

/** The buyer's answer, computed from what the results page already has (docs/product.md#the-buyers-answer). */
export type TBuyerSummary = {
  /** "Mercedes-Benz C-Class, 2015, black", or null when neither DVLA nor DVSA described it. */
  vehicle: string | null;
  mot: TPart<{ isValid: boolean | null; text: string }>;
  services: {
    count: number;
    garageCount: number;
    last: { serviceType: string; garage: string; date: string; ago: string } | null;
  };
  mileage: { isConsistent: boolean; backwards: TMileageReading[] };
  recall: TPart<{ isOutstanding: boolean }>;
  /** isVerified null: neither verified nor failed yet (awaiting the log's next checkpoint). */
  verification: TPart<{ isVerified: boolean | null; text: string }>;
};

export type TBuyerSummaryInput = {
  records: readonly TPublicServiceRecord[];
  readings: readonly TMileageReading[];
  /** The report's status: its vehicle and MOT tests once loaded. */
  report:
    | { state: 'loading' }
    | { state: 'failed' }
    | { state: 'loaded'; vehicle: TVehicleDetails | null; motTests: readonly TMotTest[] };
  check: { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; result: THistoryCheck };
  /** Today in the UK, YYYY-MM-DD. */
  today: string;
};

/** Whole months from `from` to `to` (YYYY-MM-DD), counting a month only once its day has come. */
function monthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  return (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
}

/** "today", "12 days ago", "3 months ago", "2 years ago", "1 year and 4 months ago". */
export function describeAgo(date: string, today: string): string {
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  const months = monthsBetween(date, today);
  if (months < 1) return `${days} days ago`;
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (years === 0) return `${plural(rest, 'month')} ago`;
  return rest === 0 ? `${plural(years, 'year')} ago` : `${plural(years, 'year')} and ${plural(rest, 'month')} ago`;
}

function describeVehicle(vehicle: TVehicleDetails | null): string | null {
  if (!vehicle) return null;
  const name = [titleCase(vehicle.make), titleCase(vehicle.model)].filter(Boolean).join(' ');
  const colour = titleCase(vehicle.colour)?.toLowerCase() ?? null;
  const parts = [name || null, vehicle.yearOfManufacture === null ? null : String(vehicle.yearOfManufacture), colour];
  const shown = parts.filter((part): part is string => part !== null);
  return shown.length > 0 ? shown.join(', ') : null;
}

/**
 * The MOT's status: DVLA's ("Valid", "Not valid") with its expiry; without DVLA's, the expiry of DVSA's latest
 * pass, valid while that date has not passed.
 */
function motStatusOf(vehicle: TVehicleDetails | null, motTests: readonly TMotTest[], today: string) {
  const expiry = vehicle?.motExpiryDate?.slice(0, 10) ?? null;
  if (vehicle?.motStatus) {
    const isValid = /^valid$/i.test(vehicle.motStatus) ? true : /^not valid$/i.test(vehicle.motStatus) ? false : null;
    return { isValid, status: vehicle.motStatus, expiry };
  }
  const lastPass = [...motTests]
    .filter((test) => test.testResult === 'PASSED' && test.expiryDate)
    .sort((a, b) => compareIsoDates(motDate(b), motDate(a)))[0];
  if (!lastPass?.expiryDate) return null;
  const passExpiry = lastPass.expiryDate.slice(0, 10);
  const isValid = passExpiry >= today;
  return { isValid, status: isValid ? 'Valid' : 'Not valid', expiry: passExpiry };
}

/** The buyer's answer in a few lines: what the results page shows first (docs/product.md#the-buyers-answer). */
export function buildBuyerSummary(input: TBuyerSummaryInput): TBuyerSummary {
  const { records, readings, report, check, today } = input;
  const newest = [...records].sort((a, b) => compareIsoDates(b.service_date, a.service_date))[0];
  const backwards = readings.filter((reading) => reading.isLowerThanEarlier);

  let mot: TBuyerSummary['mot'] = { state: report.state === 'loading' ? 'loading' : 'unknown' };
  let recall: TBuyerSummary['recall'] = { state: report.state === 'loading' ? 'loading' : 'unknown' };
  if (report.state === 'loaded') {
    const status = motStatusOf(report.vehicle, report.motTests, today);
    if (status) {
      const until = status.expiry
        ? `${status.isValid === false ? 'expired' : 'until'} ${formatServiceDate(status.expiry)}`
        : null;
      mot = { state: 'known', isValid: status.isValid, text: [status.status, until].filter(Boolean).join(', ') };
    }
    const isOutstanding = report.vehicle?.hasOutstandingRecall ?? null;
    if (isOutstanding !== null) recall = { state: 'known', isOutstanding };
  }

  return {
    vehicle: report.state === 'loaded' ? describeVehicle(report.vehicle) : null,
    mot,
    services: {
      count: records.length,
      garageCount: new Set(records.map((record) => record.garage_id)).size,
      last: newest
        ? {
            serviceType: newest.service_type,
            garage: newest.garage.name,
            date: newest.service_date,
            ago: describeAgo(newest.service_date, today),
          }
        : null,
    },
    mileage: { isConsistent: backwards.length === 0, backwards },
    recall,
    verification: verificationOf(check),
  };
}

function verificationOf(check: TBuyerSummaryInput['check']): TBuyerSummary['verification'] {
  if (check.state === 'loading') return { state: 'loading' };
  if (check.state === 'failed') return { state: 'unknown' };
  const { result } = check;
  if (result.status === 'verified')
    return { state: 'known', isVerified: true, text: 'History verified in your browser against the public log' };
  if (result.status === 'awaiting-checkpoint')
    return { state: 'known', isVerified: null, text: 'Not verified yet: awaiting the public log’s next checkpoint' };
  return { state: 'known', isVerified: false, text: 'This history could not be verified' };
}
