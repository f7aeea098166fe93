import { Router } from 'express';
import { ZLookupRequestSchema } from '@sh/shared/contract';
import { matchesEtag, parseOrThrow } from '@sh/shared/server';
import type { LookupAnswers } from '../domain/lookup-answers.js';

/**
 * GET /api/v1/service-records/lookup/{registration}: the free public history of a vehicle. Without a
 * registration it answers 400 'No registration number provided'. The answer carries a strong ETag; a repeat
 * visitor who sends it back in If-None-Match gets 304 without a body. Browsers and proxies revalidate every time
 * (no-cache), so nobody is shown a history older than the last write.
 */
export function lookupRoutes(answers: LookupAnswers): Router {
  const router = Router();
  router.get('/api/v1/service-records/lookup{/:registration}', async (req, res) => {
    const { registration } = parseOrThrow(ZLookupRequestSchema, { registration: req.params.registration ?? '' });
    const { body, etag } = await answers.answer(registration);
    res.setHeader('cache-control', 'public, no-cache');
    res.setHeader('etag', etag);
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    // The body was serialised once, when it was read: sent as it is, without express hashing it again.
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('content-length', body.length);
    res.end(body);
  });
  return router;
}

