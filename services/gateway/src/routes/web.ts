import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/**
 * Serves the built SPA: hashed assets cached for a year, and index.html for any other GET that asks for a
 * page, so that client-side routes survive a reload. Without a build it says how to make one.
 */
export function webRoutes(webDist: string): Router {
  const router = Router();
  const indexFile = path.join(webDist, 'index.html');
  router.use(
    '/assets',
    express.static(path.join(webDist, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );
  router.use(express.static(webDist, { index: false, maxAge: '1h' }));
  router.get(/^(?!\/api\/).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    if (!existsSync(indexFile)) {
      res
        .status(503)
        .type('text')
        .send('The web app has not been built. Run `npm run build:web` (npm start does it for you).');
      return;
    }
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(indexFile);
  });
  return router;
}
