import { createRequire } from 'node:module';
import path from 'node:path';
import express, { Router } from 'express';
import { BRAND, buildOpenApiDocument, type TOperation } from '@sh/shared/contract';

const require = createRequire(import.meta.url);

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${BRAND.name} API</title>
  <link rel="stylesheet" href="/api/v1/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/v1/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/v1/docs/init.js"></script>
</body>
</html>`;

const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

/** The OpenAPI document of the gateway's calls (the contract's OPERATIONS), generated from the shared schemas, and a browsable page for it. */
export function docsRoutes(operations: readonly TOperation[]): Router {
  const router = Router();
  const document = buildOpenApiDocument(operations, { title: `${BRAND.name} API`, version: '1.0.0' });
  const assets = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  router.get('/api/v1/openapi.json', (_req, res) => {
    res.json(document);
  });
  router.get(['/api/v1/docs', '/api/v1/docs/'], (_req, res) => {
    res.type('html').send(DOCS_PAGE);
  });
  router.get('/api/v1/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(DOCS_INIT);
  });
  router.use('/api/v1/docs/assets', express.static(assets, { maxAge: '1d', index: false }));
  return router;
}
