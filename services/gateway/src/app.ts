import type { RequestListener } from 'node:http';
import express, { type RequestHandler } from 'express';
import proxyaddr from 'proxy-addr';
import helmet from 'helmet';
import { MESSAGES } from '@sh/shared/contract';
import {
  answerAheadOf,
  answerPlainLookupsAhead,
  authenticate,
  checkReadiness,
  errorEnvelope,
  errorMiddleware,
  headersSetBy,
  requestContext,
  type Logger,
  type Redis,
  type TokenVerifier,
} from '@sh/shared/server';
import {
  API_PREFIX,
  canonicalPath,
  isCredentialCall,
  isForbiddenPath,
  isPublicLookup,
  isStripeWebhook,
  requiresAuthentication,
  resolveUpstream,
  type UpstreamName,
} from './domain/routing.js';
import { adminRoutes } from './routes/admin.js';
import { docsRoutes } from './routes/docs.js';
import { createLookupAnswerer, createUpstreamProxies } from './routes/proxy.js';
import { rateLimits, type RateLimitBudgets } from './routes/rate-limits.js';
import { webRoutes } from './routes/web.js';

export interface GatewayDeps {
  logger: Logger;
  /** For the rate limits and /readyz: a request connection (createRequestRedis), whose commands fail fast. */
  redis: Redis;
  verifier: TokenVerifier;
  upstreams: Partial<Record<UpstreamName, string>>;
  budgets: RateLimitBudgets;
  rateLimitPrefix: string;
  webDist: string;
  trustProxy: false | number | string;
  upstreamTimeoutMs: number;
  /** Proves the gateway to the services' /internal/ routes, for the admin calls it composes. */
  internalToken: string;
  /**
   * Answers the plainly spelt public lookup ahead of express, from the answers records publishes in Redis (main.ts:
   * on); otherwise every lookup takes the chain and the proxy to records.
   */
  answerLookupsAhead?: boolean;
}

/**
 * The only public door: security headers, request ids, rate limits, token checks on protected paths, the admin's
 * calls it composes itself, then the service that owns the path. /internal/ never leaves; an absent service is a
 * 503 envelope. Answers the listener the HTTP server runs: express's app, behind the plainly spelt public lookup.
 */
export function buildGatewayApp(deps: GatewayDeps): RequestListener {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy);
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  // Every answer carries these, the gateway's: the services' own are not passed on (createUpstreamProxies).
  const fixedSecurityHeaders = headersSetBy(securityHeaders);
  const gatewayHeaders = fixedSecurityHeaders.map(([name]) => name);
  // Compiled by express from deps.trustProxy when it was set above; read once for the lookup answered ahead of express.
  const trustProxy = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  const withRequestContext = requestContext(deps.logger);
  const limits = rateLimits(deps.redis, deps.budgets, deps.rateLimitPrefix, deps.logger);
  // The public lookup, plainly spelt, is answered ahead of express (see the end): the same headers, request id and
  // budget as through the chain below, and the answer records published for it (or records' own answer). Any other
  // spelling takes the chain to records.
  const answerAhead =
    deps.answerLookupsAhead && deps.upstreams.records
      ? answerPlainLookupsAhead({
          securityHeaders: fixedSecurityHeaders,
          requestContext: withRequestContext,
          answer: createLookupAnswerer({
            recordsUrl: deps.upstreams.records,
            prefix: deps.rateLimitPrefix,
            budget: limits.lookupAhead((req) => proxyaddr(req, trustProxy)),
            timeoutMs: deps.upstreamTimeoutMs,
            gatewayHeaders,
          }),
        })
      : null;
  app.use(securityHeaders);
  app.use(withRequestContext);

  app.use((req, res, next) => {
    if (!isForbiddenPath(req.originalUrl)) return next();
    res.status(404).json(errorEnvelope('not_found', MESSAGES.platform.notFound));
  });

  app.get('/healthz', (_req, res) => {
    res.json({ status: 200, data: { ok: true } });
  });
  app.get('/readyz', async (_req, res) => {
    const { status, body } = await checkReadiness({ redis: deps.redis });
    res.status(status).json(body);
  });
  app.use(docsRoutes());

  const when = (predicate: (req: express.Request) => boolean, handler: RequestHandler): RequestHandler => (req, res, next) =>
    predicate(req) ? handler(req, res, next) : next();
  // The public lookup is counted by its own budget only: one Redis round trip per lookup, not two.
  // Every decision below is taken on the path as the services will route it (see canonicalPath).
  const canonical = new WeakMap<express.Request, string>();
  const pathOf = (req: express.Request): string => {
    let path = canonical.get(req);
    if (path === undefined) {
      path = canonicalPath(req.originalUrl);
      canonical.set(req, path);
    }
    return path;
  };
  const isLookup = (req: express.Request) => req.method === 'GET' && isPublicLookup(pathOf(req));
  // Stripe's webhooks come from Stripe's few addresses and prove themselves by signature: no per-client budget.
  const isFromStripe = (req: express.Request) => req.method === 'POST' && isStripeWebhook(pathOf(req));
  app.use(when((req) => pathOf(req).startsWith('/api/') && !isLookup(req) && !isFromStripe(req), limits.api));
  app.use(when(isLookup, limits.lookup));
  app.use(when((req) => req.method === 'POST' && isCredentialCall(pathOf(req)), limits.credentials));

  const requireToken = authenticate(deps.verifier);
  app.use(when((req) => requiresAuthentication(req.method, pathOf(req)), requireToken));
  // Only admin paths are read again with their case kept (a retried event's id): every other request, the public
  // lookup included, passes on the canonical path already worked out.
  app.use(when((req) => pathOf(req).startsWith(`${API_PREFIX}admin/`), adminRoutes({ upstreams: deps.upstreams, internalToken: deps.internalToken, redis: deps.redis })));

  const proxies = createUpstreamProxies(deps.upstreams, deps.upstreamTimeoutMs, gatewayHeaders);
  app.use('/api/', (req, res, next) => {
    const upstream = resolveUpstream(pathOf(req));
    if (!upstream) {
      res.status(404).json(errorEnvelope('not_found', MESSAGES.platform.notFound));
      return;
    }
    const proxy = proxies[upstream];
    if (!proxy) {
      res.setHeader('Retry-After', '30');
      res.status(503).json(errorEnvelope('service_unavailable', MESSAGES.platform.serviceUnavailable));
      return;
    }
    req.url = req.originalUrl;
    proxy(req, res, next);
  });

  app.use(webRoutes(deps.webDist));
  app.use((_req, res) => {
    res.status(404).json(errorEnvelope('not_found', MESSAGES.platform.notFound));
  });
  app.use(errorMiddleware());
  return answerAhead ? answerAheadOf(app, answerAhead) : app;
}
