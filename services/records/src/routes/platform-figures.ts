import { Router } from 'express';
import { PLATFORM_FIGURES_MAX_AGE_SECONDS } from '@sh/shared/contract';
import type { Pool } from '@sh/shared/server';
import { createPlatformFigures } from '../domain/platform-figures.js';

/** GET /platform-figures: the counts the garages page states, with their period (issue 26). */
export function platformFiguresRoutes(deps: { pool: Pool; now?: () => Date }): Router {
  const router = Router();
  const figures = createPlatformFigures(deps.pool, deps.now);
  router.get('/api/v1/platform-figures', async (_req, res) => {
    const data = await figures();
    res.setHeader('cache-control', `public, max-age=${PLATFORM_FIGURES_MAX_AGE_SECONDS}`);
    res.json({ status: 200, data });
  });
  return router;
}
