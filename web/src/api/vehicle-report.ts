import { ZVehicleReportResponseSchema, type TVehicleReport } from '@sh/shared/contract';
import { api, type TApiClient, type TRequestOptions } from './client';

/** GET /vehicles/{registration}: public, answered within about 2 s even when DVLA or DVSA is slow or down. */
export async function fetchVehicleReport(
  registration: string,
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<TVehicleReport> {
  const envelope = await client.get(
    `vehicles/${encodeURIComponent(registration)}`,
    ZVehicleReportResponseSchema,
    requestOptions,
  );
  return envelope.data;
}

/**
 * How long the page waits for the report before it says the report is missing. The server answers within about
 * 2 s whatever DVLA and DVSA do; this bounds the wait when the server itself is slow to answer.
 */
export const VEHICLE_REPORT_DEADLINE_MS = 4000;

/** fetchVehicleReport, given up (and aborted) after `deadlineMs`. */
export function fetchVehicleReportWithin(
  registration: string,
  signal: AbortSignal,
  deadlineMs: number = VEHICLE_REPORT_DEADLINE_MS,
  client: TApiClient = api,
): Promise<TVehicleReport> {
  const controller = new AbortController();
  const abort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', abort, { once: true });
  const timer = setTimeout(() => controller.abort(new Error('The vehicle report took too long')), deadlineMs);
  const givenUp = new Promise<never>((_resolve, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  return Promise.race([fetchVehicleReport(registration, { signal: controller.signal }, client), givenUp]).finally(
    () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
    },
  );
}
