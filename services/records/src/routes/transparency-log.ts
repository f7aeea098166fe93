import { Router } from 'express';
import {
  ZLogCheckpointSizeParamSchema,
  ZLogConsistencyProofQuerySchema,
  ZLogInclusionProofQuerySchema,
} from '@sh/shared/contract';
import { parseOrThrow, type Pool } from '@sh/shared/server';
import { checkpointAt, latestCheckpoint, logKeys } from '../domain/log-checkpoints.js';
import { proveConsistency, proveInclusion } from '../domain/log-proofs.js';
import type { LogIdentity } from '../domain/log-signer.js';

/** A proof between fixed tree sizes of an append-only log never changes: any cache may keep it for good. */
const FOREVER = 'public, max-age=31536000, immutable';

/** The transparency log's public calls: signed checkpoints, the keys that sign them, and proofs against them. */
export function transparencyLogRoutes(deps: { pool: Pool; log: LogIdentity }): Router {
  const router = Router();

  router.get('/api/v1/service-records/log/checkpoint', async (_req, res) => {
    const checkpoint = await latestCheckpoint(deps.pool);
    // A new one is signed within the issue interval while the log grows: kept briefly, like a lookup answer.
    res.setHeader('cache-control', 'public, max-age=10');
    res.json({ status: 200, data: checkpoint });
  });

  router.get('/api/v1/service-records/log/checkpoint/:size', async (req, res) => {
    const { size } = parseOrThrow(ZLogCheckpointSizeParamSchema, { size: req.params.size });
    const checkpoint = await checkpointAt(deps.pool, size);
    res.setHeader('cache-control', FOREVER);
    res.json({ status: 200, data: checkpoint });
  });

  router.get('/api/v1/service-records/log/key', async (_req, res) => {
    const keys = await logKeys(deps.pool, deps.log);
    // Kept a few minutes only, as the receipt keys are: a rotated key must soon be in every copy.
    res.setHeader('cache-control', 'public, max-age=300');
    res.json({ status: 200, data: keys });
  });

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
