import { Router } from 'express';
import { ZLogConsistencyProofQuerySchema, ZLogInclusionProofQuerySchema } from '@sh/shared/contract';
import { parseOrThrow, type Pool } from '@sh/shared/server';
import { proveConsistency, proveInclusion } from '../domain/log-proofs.js';

/** A proof between fixed tree sizes of an append-only log never changes: any cache may keep it for good. */
const FOREVER = 'public, max-age=31536000, immutable';

/** The transparency log's public calls: proofs anyone can check against a signed checkpoint. */
export function transparencyLogRoutes(deps: { pool: Pool }): Router {
  const router = Router();

  router.get('/api/v1/service-records/log/proof/inclusion', async (req, res) => {
    const proof = await proveInclusion(deps.pool, parseOrThrow(ZLogInclusionProofQuerySchema, req.query));
    res.setHeader('cache-control', FOREVER);
    res.json({ status: 200, data: proof });
  });

  router.get('/api/v1/service-records/log/proof/consistency', async (req, res) => {
    const proof = await proveConsistency(deps.pool, parseOrThrow(ZLogConsistencyProofQuerySchema, req.query));
    res.setHeader('cache-control', FOREVER);
    res.json({ status: 200, data: proof });
  });

  return router;
}
