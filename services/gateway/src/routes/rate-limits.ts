import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Options } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { API_KEY_RECORDS_PER_MINUTE, MESSAGES, ONE_CLICK_PER_MINUTE } from '@sh/shared/contract';
import { countAndRead, type FastPathLookupBudget, type LookupCounted } from '@sh/shared/lookup-cache';
import { errorEnvelope, withTimeout, type Logger, type Redis } from '@sh/shared/server';

export interface RateLimitBudgets {
  apiPerMinute: number;
  lookupPerMinute: number;
  authPerMinute: number;
  /** Records one API key may log a minute (docs/architecture.md#api-keys); 120 when not given. */
  apiKeyRecordsPerMinute?: number;
  /** One-click unsubscribes (RFC 8058) from one address a minute: a mailbox provider's; ONE_CLICK_PER_MINUTE when not given. */
  oneClickPerMinute?: number;
}

/** How long a request waits for the budget store before it passes uncounted. */
const STORE_TIMEOUT_MS = 300;
/** Once Redis failed to answer, requests pass uncounted without asking it for this long: an outage adds no wait. */
const PAUSE_AFTER_FAILURE_MS = 2000;
/** While Redis stays away, how often the warning that budgets are off is repeated. */
const WARNING_INTERVAL_MS = 30_000;
/** Every budget is counted over a minute. */
const WINDOW_MS = 60_000;

/**
 * rate-limit-redis loads its script once, when the limiter is built: had Redis been away then, every later count
 * would fail on that first failure for good. This store loads it again whenever the last load failed.
 */
class RecoveringRedisStore extends RedisStore {
  override async increment(key: string) {
    const loaded = this.incrementScriptSha;
    this.incrementScriptSha = loaded.catch(() => this.loadIncrementScript(key));
    return super.increment(key);
  }
}

/**
 * Runs the budgets' calls to Redis, each within STORE_TIMEOUT_MS. After Redis failed to answer (a timeout or a lost
 * connection, not an error reply), calls fail at once for PAUSE_AFTER_FAILURE_MS, then Redis is asked again.
 */
function budgetCalls(): <T>(call: () => Promise<T>) => Promise<T> {
  let pausedUntil = 0;
  return async (call) => {
    if (Date.now() < pausedUntil) throw new Error('Redis did not answer a moment ago; budgets are paused');
    try {
      return await withTimeout(call(), STORE_TIMEOUT_MS, 'Redis (rate limits)');
    } catch (error) {
      if ((error as Error).name !== 'ReplyError') pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
      throw error;
    }
  };
}

/** The 429 envelope of a spent budget, with Retry-After, written with node's response alone (express's or not). */
function answerBudgetSpent(res: ServerResponse, msUntilReset: number | undefined): void {
  res.statusCode = 429;
  res.setHeader(
    'Retry-After',
    String(msUntilReset === undefined ? WINDOW_MS / 1000 : Math.max(1, Math.ceil(msUntilReset / 1000))),
  );
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(errorEnvelope('rate_limited', MESSAGES.platform.rateLimited)));
}

/**
 * Warns that budgets are off when the store fails, then at most every WARNING_INTERVAL_MS while it keeps failing,
 * with how many requests passed uncounted meanwhile.
 */
function storeFailureWarner(logger: Logger): (error: unknown) => void {
  let lastWarnedAt = 0;
  let passedUncounted = 0;
  return (error) => {
    passedUncounted += 1;
    if (Date.now() - lastWarnedAt < WARNING_INTERVAL_MS) return;
    logger.warn(
      { err: error, passedUncounted },
      'rate limits are off: Redis did not answer, so requests pass uncounted',
    );
    lastWarnedAt = Date.now();
    passedUncounted = 0;
  };
}

/**
 * Per-client budgets kept in Redis, so that every gateway instance counts together. Past a budget the answer is a
 * 429 envelope with Retry-After. If Redis does not answer within STORE_TIMEOUT_MS, the request passes uncounted
 * (fail open), a warning is logged, and for a moment requests pass without asking: an outage of Redis must not
 * become an outage, or a slowdown, of the site.
 *
 * `lookupOnFastPath` counts the lookup's budget on the fast path (FastPathLookupBudget), with the
 * same keys, headers and answers as `lookup` (express-rate-limit's draft-7 headers, its key of a client's address)
 * but one script call (countAndRead), which also reads the lookup's published answer: measured, this took about a fifth off the
 * gateway's CPU time per lookup, against express-rate-limit's steps and a second call (bench/README.md).
 */
export function rateLimits(
  redis: Redis,
  budgets: RateLimitBudgets,
  prefix: string,
  logger: Logger,
): {
  api: RequestHandler;
  lookup: RequestHandler;
  credentials: RequestHandler;
  oneClick: RequestHandler;
  /** An API key's own budget of records a minute, counted by the key (keyOf), not by the client's address. */
  apiKeyRecords: (keyOf: (req: IncomingMessage) => string) => RequestHandler;
  lookupOnFastPath: (clientIp: (req: IncomingMessage) => string | undefined) => FastPathLookupBudget;
  /**
   * Counts one call against the client's general or lookup budget without answering for it (a page's answer the
   * gateway asks for the visitor: routes/page-answers.ts), and reads `alsoRead` in the same call while within it:
   * whether the budget had room, and what the key held. Redis away: within, nothing read, as every budget passes.
   */
  spends: (
    budget: 'general' | 'lookup',
    clientIp: string | undefined,
    alsoRead?: string,
  ) => Promise<{ within: boolean; read: Buffer | null }>;
} {
  const warn = storeFailureWarner(logger);
  const guarded = budgetCalls();
  const sendCommand = (command: string, ...args: string[]) =>
    guarded(() => redis.call(command, ...args) as Promise<RedisReply>);
  const keyPrefixOf = (name: string) => `${prefix}:rl:${name}:`;
  const make = (name: string, limit: number, keyGenerator?: Options['keyGenerator']): RequestHandler =>
    rateLimit({
      windowMs: WINDOW_MS,
      limit,
      ...(keyGenerator ? { keyGenerator } : {}),
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      passOnStoreError: true,
      logger: { warn: (error, message) => logger.warn({ err: error }, message ?? 'rate limiter warning'), error: warn },
      store: new RecoveringRedisStore({ prefix: keyPrefixOf(name), sendCommand }),
      handler: (req, res) => {
        const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
        answerBudgetSpent(res, resetTime && resetTime.getTime() - Date.now());
      },
    } satisfies Partial<Options>);

  const lookupKeyPrefix = keyPrefixOf('lookup');
  const lookupLimit = budgets.lookupPerMinute;
  const lookupPolicy = `${lookupLimit};w=${WINDOW_MS / 1000}`;
  const countLookup = (clientKey: string, alsoRead: string) =>
    guarded(() => countAndRead(redis, clientKey, alsoRead, WINDOW_MS, lookupLimit));
  const lookupOnFastPath =
    (clientIp: (req: IncomingMessage) => string | undefined): FastPathLookupBudget =>
    (req, res, alsoRead) =>
      // express-rate-limit's key of a client: its address, an IPv6 one by its /56.
      countLookup(lookupKeyPrefix + ipKeyGenerator(String(clientIp(req))), alsoRead).then(
        ([hits, msUntilReset, read]): LookupCounted => {
          res.setHeader('RateLimit-Policy', lookupPolicy);
          res.setHeader(
            'RateLimit',
            `limit=${lookupLimit}, remaining=${Math.max(lookupLimit - hits, 0)}, reset=${Math.max(0, Math.ceil(msUntilReset / 1000))}`,
          );
          if (hits <= lookupLimit) return { spent: false, read: read ?? null };
          answerBudgetSpent(res, msUntilReset);
          return { spent: true };
        },
        (error: unknown): LookupCounted => {
          warn(error);
          return { spent: false, read: null };
        },
      );

  const apiLimit = budgets.apiPerMinute;
  const spends = (budget: 'general' | 'lookup', clientIp: string | undefined, alsoRead?: string) => {
    const limit = budget === 'lookup' ? lookupLimit : apiLimit;
    // The key express-rate-limit gives the client in that budget.
    const clientKey = (budget === 'lookup' ? lookupKeyPrefix : keyPrefixOf('api')) + ipKeyGenerator(String(clientIp));
    return guarded(() => countAndRead(redis, clientKey, alsoRead ?? clientKey, WINDOW_MS, limit)).then(
      ([hits, , read]) => ({ within: hits <= limit, read: alsoRead ? (read ?? null) : null }),
      (error: unknown) => {
        warn(error);
        return { within: true, read: null };
      },
    );
  };

  return {
    api: make('api', apiLimit),
    lookup: make('lookup', lookupLimit),
    credentials: make('credentials', budgets.authPerMinute),
    oneClick: make('one-click', budgets.oneClickPerMinute ?? ONE_CLICK_PER_MINUTE),
    apiKeyRecords: (keyOf) =>
      make('api-key-records', budgets.apiKeyRecordsPerMinute ?? API_KEY_RECORDS_PER_MINUTE, (req) => keyOf(req)),
    lookupOnFastPath,
    spends,
  };
}
