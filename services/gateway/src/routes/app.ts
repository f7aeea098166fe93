import type { RequestListener } from 'node:http';
import express, { type RequestHandler } from 'express';
import proxyaddr from 'proxy-addr';
import helmet from 'helmet';
import { MESSAGES, OPERATIONS, operationTable, type OperationMatch, type TOperation } from '@sh/shared/contract';
import { headersSetBy, plainLookupFastPath, withFastPath } from '@sh/shared/lookup-cache';
import {
  authenticate,
  checkReadiness,
  errorEnvelope,
  errorMiddleware,
  requestContext,
  setRouteTemplate,
  type Logger,
  type Redis,
  type TokenVerifier,
} from '@sh/shared/server';
import { isApiTarget, isForbiddenPath, needsToken, type UpstreamName } from '../domain/routing.js';
import { gatewayCalls } from './admin.js';
import { apiKeyGate, apiKeyOf } from './api-keys.js';
import { docsRoutes } from './docs.js';
import { createLookupAnswerer, createUpstreamProxies } from './proxy.js';
import { rateLimits, type RateLimitBudgets } from './rate-limits.js';
import { pageAnswerFetcher } from './page-answers.js';
import { webRoutes } from './web.js';

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
   * Answers the plainly spelt public lookup on a fast path, before express, from the answers records publishes in
   * Redis (main.ts: on); otherwise every lookup takes the chain and the proxy to records.
   */
  lookupFastPath?: boolean;
  /** The calls it routes, guards and budgets, each by its entry alone: the contract's OPERATIONS unless a test gives others. */
  operations?: readonly TOperation[];
}

/** The call the plainly spelt lookup answered on the fast path is (plainLookupRegistration). */
const FAST_PATH_LOOKUP = { method: 'get', path: '/service-records/lookup/{registration}' } as const;

/**
 * The only public door: security headers, request ids, then for each call of the contract (deps.operations) its
 * budget, its token check and the service that answers it, or the gateway itself for the admin's calls it composes;
 * an API path that is no call of the contract is a 404, forwarded nowhere. /internal/ never leaves; an absent service
 * is a 503 envelope. Answers the listener the HTTP server runs: express's app, behind the plainly spelt public lookup.
 */
export function buildGatewayApp(deps: GatewayDeps): RequestListener {
  const operations = deps.operations ?? OPERATIONS;
  const table = operationTable(operations);
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
  // Compiled by express from deps.trustProxy when it was set above; read once for the lookup's fast path.
  const trustProxy = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  const withRequestContext = requestContext(deps.logger, { isEdge: true });
  const limits = rateLimits(deps.redis, deps.budgets, deps.rateLimitPrefix, deps.logger);
  // The public lookup, plainly spelt, is answered on a fast path before express (see the end): the same headers, request id and
  // budget as through the chain below, and the answer records published for it (or records' own answer). Any other
  // spelling takes the chain to records.
  // Only while the list has that call as answered there: public, records', on the lookup's budget.
  const fastLookup = operations.find(
    (op) => op.method === FAST_PATH_LOOKUP.method && op.path === FAST_PATH_LOOKUP.path,
  );
  const fastPathFits =
    fastLookup?.auth === 'public' && fastLookup.service === 'records' && fastLookup.budget === 'lookup';
  const fastPath =
    deps.lookupFastPath && deps.upstreams.records && fastPathFits
      ? plainLookupFastPath({
          securityHeaders: fixedSecurityHeaders,
          // Counted and traced under the call's template (docs/operations.md#metrics).
          requestContext: requestContext(deps.logger, { route: `/api/v1${FAST_PATH_LOOKUP.path}`, isEdge: true }),
          answer: createLookupAnswerer({
            recordsUrl: deps.upstreams.records,
            prefix: deps.rateLimitPrefix,
            budget: limits.lookupOnFastPath((req) => proxyaddr(req, trustProxy)),
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
  app.use(docsRoutes(operations));

  const when =
    (predicate: (req: express.Request) => boolean, handler: RequestHandler): RequestHandler =>
    (req, res, next) =>
      predicate(req) ? handler(req, res, next) : next();
  // Every decision below is taken on the call the request makes, matched once, on the path as the service will route
  // it (operationTable).
  const matches = new WeakMap<express.Request, OperationMatch | null>();
  const matchOf = (req: express.Request): OperationMatch | null => {
    let match = matches.get(req);
    if (match === undefined) {
      match = table.match(req.method, req.originalUrl);
      matches.set(req, match);
      // Counted and traced under the call's template, never its path (docs/operations.md#metrics).
      if (match) setRouteTemplate(req, `/api/v1${match.operation.path}`);
    }
    return match;
  };
  const spends = (req: express.Request) => matchOf(req)?.operation.budget;
  // The general budget counts every API request, a call of the contract or not, but the lookup's (counted by its own
  // budget only: one Redis round trip per lookup, not two), the one-click unsubscribe's (its own, a mailbox
  // provider's) and the unbudgeted (Stripe's signed webhooks).
  const ownBudgets = new Set(['lookup', 'one-click', 'none']);
  app.use(when((req) => isApiTarget(req.originalUrl) && !ownBudgets.has(spends(req) ?? ''), limits.api));
  app.use(when((req) => spends(req) === 'lookup', limits.lookup));
  app.use(when((req) => spends(req) === 'one-click', limits.oneClick));
  app.use(when((req) => spends(req) === 'credentials', limits.credentials));

  // A call made with an API key: identity says who the key is, and the key may make only the calls marked for it.
  const keys = apiKeyGate({
    identityUrl: deps.upstreams.identity,
    internalToken: deps.internalToken,
    matchOf,
    recordsBudget: limits.apiKeyRecords,
  });
  app.use(when((req) => isApiTarget(req.originalUrl), keys.gate));

  const requireToken = authenticate(deps.verifier);
  app.use(
    when((req) => {
      const match = matchOf(req);
      return match !== null && needsToken(match.operation) && !keys.isKeyRequest(req);
    }, requireToken),
  );
  const answerGatewayCall = gatewayCalls(operations, {
    upstreams: deps.upstreams,
    internalToken: deps.internalToken,
    redis: deps.redis,
  });
  app.use((req, res, next) => {
    const match = matchOf(req);
    if (match?.operation.service !== 'gateway') return next();
    answerGatewayCall(match, req, res, next);
  });

  const proxies = createUpstreamProxies(deps.upstreams, deps.upstreamTimeoutMs, gatewayHeaders);
  app.use((req, res, next) => {
    if (!isApiTarget(req.originalUrl)) return next();
    const match = matchOf(req);
    if (!match) {
      res.status(404).json(errorEnvelope('not_found', MESSAGES.platform.notFound));
      return;
    }
    const { service } = match.operation;
    const proxy = service === 'gateway' ? undefined : proxies[service];
    if (!proxy) {
      res.setHeader('Retry-After', '30');
      res.status(503).json(errorEnvelope('service_unavailable', MESSAGES.platform.serviceUnavailable));
      return;
    }
    // The service is sent the path exactly as it was matched.
    req.url = match.forwardedUrl;
    // A service may answer (a 413 or 415, say) before it has read the whole body and drop its end of the stream; the
    // proxy's pipe then stops with the rest of the body unread, and node, which leaves a piped request to its reader,
    // never reads the next request on that kept-alive connection. Once the answer is sent, the rest is read and dropped.
    res.once('finish', () => {
      if (req.complete) return;
      req.unpipe();
      req.resume();
    });
    proxy(req, res, next);
  });

  // A page rendered with a public answer (the results page, a garage's) has the gateway ask for it, as the browser's
  // call would, on the same budget.
  const fetchPageAnswer = pageAnswerFetcher({
    table,
    upstreams: deps.upstreams,
    timeoutMs: deps.upstreamTimeoutMs,
    prefix: deps.rateLimitPrefix,
    spends: (req, budget, alsoRead) => limits.spends(budget, req.ip, alsoRead),
    logger: deps.logger,
  });
  // Every page asked for spends the visitor's general budget, as an API call does, and says so in its RateLimit headers.
  app.use(webRoutes(deps.webDist, deps.logger, { fetchAnswer: fetchPageAnswer, spendPage: limits.api }));
  app.use((_req, res) => {
    res.status(404).json(errorEnvelope('not_found', MESSAGES.platform.notFound));
  });
  app.use(errorMiddleware());
  // A lookup made with an API key takes the chain, where the key is refused (it is no call of a key's).
  return fastPath ? withFastPath(app, (req, res) => apiKeyOf(req) === null && fastPath(req, res)) : app;
}
