import { Router } from 'express';
import type { TPlanProduct } from '@sh/shared/contract';

/** GET /api/v1/billing/plans: the public plan catalogue the pricing and checkout pages read. */
export function planRoutes(products: TPlanProduct[]): Router {
  const router = Router();
  router.get('/api/v1/billing/plans', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=300');
    res.json({ status: 200, data: { products } });
  });
  return router;
}
