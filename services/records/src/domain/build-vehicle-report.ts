import {
  MESSAGES,
  type TMissingSource,
  type TMotTest,
  type TVehicleDetails,
  type TVehicleReport,
  type TVehicleSource,
} from '@sh/shared/contract';
import type { DvlaClient, DvlaVehicle } from '../clients/dvla.js';
import type { DvsaClient, MotHistory } from '../clients/dvsa.js';
import { abortable } from '../clients/outside-call.js';
import { SOURCE_TTL_SECONDS, type CachedSourceAnswer, type VehicleSourceCache } from './vehicle-source-cache.js';

export interface VehicleReportDeps {
  dvla: DvlaClient;
  dvsa: DvsaClient;
  cache: VehicleSourceCache;
  /** The longest the report waits on either source (2 s). */
  waitMs?: number;
  now?: () => Date;
}

export const SOURCE_WAIT_MS = 2000;
const MILES_PER_KM = 1 / 1.609344;

type SourceOutcome<T> = { answer: CachedSourceAnswer<T> } | { missing: TMissingSource['reason'] };

const MISSING_MESSAGES: Record<TVehicleSource, Record<TMissingSource['reason'], string>> = {
  dvla: {
    not_found: MESSAGES.vehicleReport.dvlaNotFound,
    unavailable: MESSAGES.vehicleReport.dvlaMissing,
    slow: MESSAGES.vehicleReport.dvlaMissing,
  },
  dvsa: {
    not_found: MESSAGES.vehicleReport.dvsaNotFound,
    unavailable: MESSAGES.vehicleReport.dvsaMissing,
    slow: MESSAGES.vehicleReport.dvsaMissing,
  },
};

/** The outside calls under way in this process, by report deps, source and registration (askOnce). */
const callsUnderWay = new WeakMap<VehicleReportDeps, Map<string, Promise<CachedSourceAnswer<unknown>>>>();

/**
 * Asks a source about a registration, and caches what it said, once however many lookups want it at the same moment:
 * a lookup that finds a call for the same source and registration under way in this process waits for that call's
 * answer instead of making another. The call has its own cut-off (`waitMs` from its start), so one caller giving up
 * does not fail the others; an answer that comes after every caller gave up is still cached for the next.
 */
function askOnce<T>(
  deps: VehicleReportDeps,
  source: TVehicleSource,
  registration: string,
  ask: (signal: AbortSignal) => Promise<T | null>,
): Promise<CachedSourceAnswer<T>> {
  let underWay = callsUnderWay.get(deps);
  if (!underWay) {
    underWay = new Map();
    callsUnderWay.set(deps, underWay);
  }
  const key = `${source}:${registration}`;
  const joined = underWay.get(key) as Promise<CachedSourceAnswer<T>> | undefined;
  if (joined) return joined;
  const call = (async () => {
    const data = await ask(AbortSignal.timeout(deps.waitMs ?? SOURCE_WAIT_MS));
    const answer = { fetchedAt: (deps.now?.() ?? new Date()).toISOString(), data };
    await deps.cache.set(
      source,
      registration,
      answer,
      data === null ? SOURCE_TTL_SECONDS.notFound : SOURCE_TTL_SECONDS[source],
    );
    return answer;
  })().finally(() => underWay.delete(key));
  underWay.set(key, call);
  return call;
}

/**
 * One source's answer: from the cache when it holds one, otherwise asked (once for every lookup of the moment,
 * askOnce), waited on for at most `waitMs` (missing, 'slow'), an error 'unavailable' (a spent allowance included).
 * What the source said, a "no such vehicle" included, is cached for next time.
 */
async function fromSource<T>(
  deps: VehicleReportDeps,
  source: TVehicleSource,
  registration: string,
  ask: (signal: AbortSignal) => Promise<T | null>,
): Promise<SourceOutcome<T>> {
  // The wait counts from the start, the cache read included.
  const cutoff = new AbortController();
  const timer = setTimeout(
    () => cutoff.abort(new Error(`${source} did not answer within the wait`)),
    deps.waitMs ?? SOURCE_WAIT_MS,
  );
  try {
    const cached = await deps.cache.get<T>(source, registration);
    if (cached) return { answer: cached };
    return { answer: await abortable(askOnce(deps, source, registration, ask), cutoff.signal) };
  } catch {
    return { missing: cutoff.signal.aborted ? 'slow' : 'unavailable' };
  } finally {
    clearTimeout(timer);
  }
}

export function toMiles(value: number | null, unit: 'MI' | 'KM' | null): number | null {
  if (value === null) return null;
  return unit === 'KM' ? Math.round(value * MILES_PER_KM) : value;
}

function motTestsOf(history: MotHistory | null): TMotTest[] {
  return (history?.motTests ?? []).map((test) => ({
    motTestNumber: test.motTestNumber,
    completedDate: test.completedDate,
    testResult: test.testResult,
    expiryDate: test.expiryDate,
    odometerValue: test.odometerValue,
    odometerUnit: test.odometerUnit,
    odometerResultType: test.odometerResultType,
    odometerMiles: test.odometerResultType === 'READ' ? toMiles(test.odometerValue, test.odometerUnit) : null,
    defects: test.defects,
  }));
}

/** The vehicle as both sources describe it, DVLA first for what both say; null when neither knows it. */
function detailsOf(registration: string, dvla: DvlaVehicle | null, dvsa: MotHistory | null): TVehicleDetails | null {
  if (!dvla && !dvsa) return null;
  return {
    registration,
    make: dvla?.make ?? dvsa?.make ?? null,
    model: dvsa?.model ?? null,
    colour: dvla?.colour ?? dvsa?.primaryColour ?? null,
    yearOfManufacture: dvla?.yearOfManufacture ?? null,
    fuelType: dvla?.fuelType ?? dvsa?.fuelType ?? null,
    engineCapacity: dvla?.engineCapacity ?? null,
    co2Emissions: dvla?.co2Emissions ?? null,
    firstUsedDate: dvsa?.firstUsedDate ?? null,
    motStatus: dvla?.motStatus ?? null,
    motExpiryDate: dvla?.motExpiryDate ?? null,
    taxStatus: dvla?.taxStatus ?? null,
    taxDueDate: dvla?.taxDueDate ?? null,
    hasOutstandingRecall: dvsa?.hasOutstandingRecall ?? null,
  };
}

/**
 * The buyer's report beside our records (issue 11): DVLA's details and DVSA's MOT history, asked in parallel and
 * never waited on for more than `waitMs`, readings in miles, and what could not be had and why.
 */
export async function buildVehicleReport(deps: VehicleReportDeps, registration: string): Promise<TVehicleReport> {
  const [dvla, dvsa] = await Promise.all([
    fromSource<DvlaVehicle>(deps, 'dvla', registration, (signal) => deps.dvla.getVehicle(registration, { signal })),
    fromSource<MotHistory>(deps, 'dvsa', registration, (signal) => deps.dvsa.getMotHistory(registration, { signal })),
  ]);
  const missing: TMissingSource[] = [];
  const dataOf = <T>(source: TVehicleSource, outcome: SourceOutcome<T>): T | null => {
    if ('missing' in outcome) {
      missing.push({ source, reason: outcome.missing, message: MISSING_MESSAGES[source][outcome.missing] });
      return null;
    }
    if (outcome.answer.data === null)
      missing.push({ source, reason: 'not_found', message: MISSING_MESSAGES[source].not_found });
    return outcome.answer.data;
  };
  const details = dataOf('dvla', dvla);
  const history = dataOf('dvsa', dvsa);
  return {
    vehicle: detailsOf(registration, details, history),
    motTests: motTestsOf(history),
    missing,
    fetchedAt: {
      dvla: 'answer' in dvla ? dvla.answer.fetchedAt : null,
      dvsa: 'answer' in dvsa ? dvsa.answer.fetchedAt : null,
    },
  };
}

/** Forgets a registration's cached DVLA and DVSA answers; never fails the write that asks (best effort). */
export async function forgetVehicleSources(cache: VehicleSourceCache | undefined, registration: string): Promise<void> {
  await cache?.forget(registration).catch(() => undefined);
}
