import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router } from 'express';
import { ZLookupByVinRequestSchema, ZLookupRequestSchema } from '@sh/shared/contract';
import { LOOKUP_ANSWER_HEADERS, matchesEtag, type LookupAnswer, type LookupAnswers } from '@sh/shared/lookup-cache';
import { parseOrThrow, type Queryable } from '@sh/shared/server';
import { lookupVinHistory } from '../domain/lookup-vin-history.js';

/**
 * Sends a lookup's answer, or 304 without a body to a visitor whose If-None-Match names it. Browsers and proxies
 * revalidate every time (no-cache), so nobody is shown a history older than the last write. The body was serialised
 * once, when it was read: sent as it is, uncompressed (the gateway sends the published one compressed to a client
 * that accepts it, hence Vary).
 */
function sendLookupAnswer(req: IncomingMessage, res: ServerResponse, { body, etag }: LookupAnswer): void {
  res.setHeader('cache-control', LOOKUP_ANSWER_HEADERS.cacheControl);
  res.setHeader('vary', LOOKUP_ANSWER_HEADERS.vary);
  res.setHeader('etag', etag);
  if (matchesEtag(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('content-type', LOOKUP_ANSWER_HEADERS.contentType);
  res.setHeader('content-length', body.length);
  res.end(body);
}

/**
 * GET /api/v1/service-records/lookup/{registration}: the free public history of a vehicle. Without a
 * registration it answers 400 'No registration number provided'. The answer carries a strong ETag.
 */
export function lookupRoutes(answers: LookupAnswers): Router {
  const router = Router();
  router.get('/api/v1/service-records/lookup{/:registration}', async (req, res) => {
    const { registration } = parseOrThrow(ZLookupRequestSchema, { registration: req.params.registration ?? '' });
    sendLookupAnswer(req, res, await answers.answer(registration));
  });
  return router;
}

/**
 * GET /api/v1/service-records/lookup-by-vin/{vin}: the free public history of a vehicle by its VIN, every record with
 * that VIN whatever plate it was logged under. Rarer than the lookup by registration, it is read afresh each time
 * (no published answer) and kept by nobody, so a write shows at once.
 */
export function lookupByVinRoutes(db: Queryable): Router {
  const router = Router();
  router.get('/api/v1/service-records/lookup-by-vin{/:vin}', async (req, res) => {
    const { vin } = parseOrThrow(ZLookupByVinRequestSchema, { vin: req.params.vin ?? '' });
    res.setHeader('cache-control', 'no-store');
    res.json({ status: 200, data: { serviceRecords: await lookupVinHistory(db, vin) } });
  });
  return router;
}
