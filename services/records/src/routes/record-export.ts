import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { RECORD_EXPORT_MESSAGES, ZRecordExportQuerySchema } from '@sh/shared/contract';
import {
  AppError,
  authenticate,
  parseOrThrow,
  requireRole,
  type Pool,
  type TAuthClaims,
  type TokenVerifier,
} from '@sh/shared/server';
import { DEFAULT_EXPORT_LIMITS, exportGarageRecords, type ExportLimits } from '../domain/export-garage-records.js';

/**
 * Who may export a garage's records: the garage's own account, which is its owner's. Technician accounts (not built
 * yet) may come to log services, but not to take every customer's details away: the garage's other calls will let
 * their role in, and this list stays the owner's.
 */
const EXPORTING_ROLES: TAuthClaims['role'][] = ['garage'];

/**
 * Exports this instance streams at once. Each holds a database connection while its reader takes the file (records'
 * pool has 20), so a garage asking again and again cannot take them all; one more is refused with 429.
 */
export const EXPORTS_AT_ONCE = 4;

/**
 * GET /service-records/export?format=csv|json (docs/product.md#exporting-the-records): the signed-in garage's records
 * as a download, streamed from the database through the formatter to the response with backpressure (a reader that
 * stops reading stops the cursor). A failure before the first byte is an error envelope; one after it cuts the
 * response off, so the download fails instead of ending in a file that looks whole. Each export has slots (EXPORTS_AT_ONCE
 * for the instance, `perGarage` for one garage) and a write deadline: a reader still reading then is cut off, and its
 * slot, cursor and connection are freed.
 */
export function recordExportRoutes(deps: {
  pool: Pool;
  verifier: TokenVerifier;
  exportLimits?: ExportLimits;
  now?: () => Date;
}): Router {
  const router = Router();
  const limits = deps.exportLimits ?? DEFAULT_EXPORT_LIMITS;
  let inFlight = 0;
  const inFlightByGarage = new Map<string, number>();

  router.get(
    '/api/v1/service-records/export',
    authenticate(deps.verifier),
    requireRole(...EXPORTING_ROLES),
    async (req, res) => {
      const { format } = parseOrThrow(ZRecordExportQuerySchema, req.query);
      const garageId = req.auth!.sub;
      const garageInFlight = inFlightByGarage.get(garageId) ?? 0;
      if (garageInFlight >= limits.perGarage)
        throw new AppError('rate_limited', RECORD_EXPORT_MESSAGES.garageBusy, { headers: { 'Retry-After': '10' } });
      if (inFlight >= EXPORTS_AT_ONCE)
        throw new AppError('rate_limited', RECORD_EXPORT_MESSAGES.busy, { headers: { 'Retry-After': '10' } });
      inFlight += 1;
      inFlightByGarage.set(garageId, garageInFlight + 1);
      // Past the deadline the connection is reset (a plain close would wait for a reader that reads nothing to take
      // what the socket still holds): the pipeline ends, which closes the cursor and frees the slot.
      const deadline = setTimeout(() => {
        req.log.warn({ deadlineMs: limits.deadlineMs }, 'the export reached its deadline and was cut off');
        if (res.socket) res.socket.resetAndDestroy();
        else res.destroy();
      }, limits.deadlineMs);
      try {
        const file = await exportGarageRecords(deps.pool, garageId, format, {
          statementTimeoutMs: limits.statementTimeoutMs,
          now: deps.now?.(),
        });
        // The first piece is read before anything is sent: a database that fails (or times out) at once is an error
        // envelope, not a cut-off download (pipeline destroys the response on any failure).
        const first = await file.text.next();
        res.status(200);
        res.setHeader('content-type', file.contentType);
        res.setHeader('content-disposition', `attachment; filename="${file.filename}"`);
        res.setHeader('cache-control', 'private, no-store');
        await pipeline(Readable.from(startingWith(first, file.text)), res);
      } catch (error) {
        if (!res.headersSent && !res.destroyed) {
          res.removeHeader('content-disposition');
          throw error;
        }
        // The reader went away, or the database failed mid-way: the response is already cut off (or gone).
        req.log.warn({ err: error }, 'the export stopped before its end');
      } finally {
        clearTimeout(deadline);
        inFlight -= 1;
        const left = (inFlightByGarage.get(garageId) ?? 1) - 1;
        if (left === 0) inFlightByGarage.delete(garageId);
        else inFlightByGarage.set(garageId, left);
      }
    },
  );

  return router;
}

/** The pieces of an export whose first was read already, then the rest. */
async function* startingWith(first: IteratorResult<string>, rest: AsyncGenerator<string>): AsyncGenerator<string> {
  if (first.done) return;
  yield first.value;
  yield* rest;
}
