import type { TMotTest, TPublicServiceRecord } from '@sh/shared/contract';

/** Where a mileage reading comes from: a service logged by a garage here, or an MOT test at DVSA. */
export type TReadingSource = 'service' | 'mot';

/** One mileage reading, in miles, on a calendar date. */
export type TMileageReading = {
  id: string;
  source: TReadingSource;
  /** YYYY-MM-DD. */
  date: string;
  miles: number;
  /** True when it is lower than an earlier reading from any source. */
  isLowerThanEarlier: boolean;
  /** The highest earlier reading it falls below, when it does. */
  earlierMiles: number | null;
};

/** One entry of the merged timeline. */
export type TTimelineEntry =
  | { kind: 'service'; id: string; date: string; record: TPublicServiceRecord }
  | { kind: 'mot'; id: string; date: string; test: TMotTest };

/**
 * Orders two ISO dates (YYYY-MM-DD), oldest first: such dates sort as their characters do. Not localeCompare, which
 * asks the locale's collator for every pair, a cost a phone felt on a long history (issue 26.4).
 */
export function compareIsoDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The calendar date of a DVSA completedDate (an instant such as "2024-05-01T10:12:00.000Z", or a date). */
export function motDate(test: TMotTest): string {
  return test.completedDate.slice(0, 10);
}

/**
 * Every mileage reading of the vehicle, oldest first: the services' mileages and the MOT tests' odometer in
 * miles (tests without a reading are left out). On the same day a service comes before an MOT test. A reading
 * is flagged when it is lower than the highest reading before it, whichever source either came from.
 */
export function buildMileageReadings(
  records: readonly TPublicServiceRecord[],
  motTests: readonly TMotTest[],
): TMileageReading[] {
  const readings: Array<Omit<TMileageReading, 'isLowerThanEarlier' | 'earlierMiles'>> = [];
  for (const record of records) {
    if (record.mileage !== null && Number.isFinite(record.mileage)) {
      readings.push({
        id: `service-${record.id}`,
        source: 'service',
        date: record.service_date,
        miles: record.mileage,
      });
    }
  }
  for (const test of motTests) {
    if (test.odometerMiles !== null && test.odometerResultType === 'READ') {
      readings.push({ id: `mot-${test.motTestNumber}`, source: 'mot', date: motDate(test), miles: test.odometerMiles });
    }
  }
  readings.sort((a, b) => compareIsoDates(a.date, b.date) || sourceOrder(a.source) - sourceOrder(b.source));

  let highest: number | null = null;
  return readings.map((reading) => {
    const isLower = highest !== null && reading.miles < highest;
    const flagged = { ...reading, isLowerThanEarlier: isLower, earlierMiles: isLower ? highest : null };
    highest = highest === null ? reading.miles : Math.max(highest, reading.miles);
    return flagged;
  });
}

function sourceOrder(source: TReadingSource): number {
  return source === 'service' ? 0 : 1;
}

/** Services and MOT tests in one list, newest first; on the same day the MOT test comes first (it is read last). */
export function buildTimeline(
  records: readonly TPublicServiceRecord[],
  motTests: readonly TMotTest[],
): TTimelineEntry[] {
  const entries: TTimelineEntry[] = [
    ...records.map((record): TTimelineEntry => ({
      kind: 'service',
      id: `service-${record.id}`,
      date: record.service_date,
      record,
    })),
    ...motTests.map((test): TTimelineEntry => ({
      kind: 'mot',
      id: `mot-${test.motTestNumber}`,
      date: motDate(test),
      test,
    })),
  ];
  return entries.sort((a, b) => compareIsoDates(b.date, a.date) || (a.kind === b.kind ? 0 : a.kind === 'mot' ? -1 : 1));
}
