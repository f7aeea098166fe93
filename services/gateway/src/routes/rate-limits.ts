import type { RequestHandler } from 'express';
import { rateLimit, type Options } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { MESSAGES } from '@sh/shared/contract';
import { errorEnvelope, withTimeout, type Logger, type Redis } from '@sh/shared/server';

export interface RateLimitBudgets {
  apiPerMinute: number;
  lookupPerMinute: number;
  authPerMinute: number;
}

/** How long a request waits for the budget store before it passes uncounted. */
const STORE_TIMEOUT_MS = 300;
/** Once Redis failed to answer, requests pass uncounted without asking it for this long: an outage adds no wait. */
const PAUSE_AFTER_FAILURE_MS = 2000;
/** While Redis stays away, how often the warning that budgets are off is repeated. */
const WARNING_INTERVAL_MS = 30_000;

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
 * Sends the limiters' commands to Redis, each within STORE_TIMEOUT_MS. After Redis failed to answer (a timeout or
 * a lost connection, not an error reply), commands fail at once for PAUSE_AFTER_FAILURE_MS, then Redis is asked again.
 */
function budgetCommands(redis: Redis): (command: string, ...args: string[]) => Promise<RedisReply> {
  let pausedUntil = 0;
  return async (command, ...args) => {
    if (Date.now() < pausedUntil) throw new Error('Redis did not answer a moment ago; budgets are paused');
    try {
      return await withTimeout(redis.call(command, ...args) as Promise<RedisReply>, STORE_TIMEOUT_MS, 'Redis (rate limits)');
    } catch (error) {
      if ((error as Error).name !== 'ReplyError') pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
      throw error;
    }
  };
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
    logger.warn({ err: error, passedUncounted }, 'rate limits are off: Redis did not answer, so requests pass uncounted');
    lastWarnedAt = Date.now();
    passedUncounted = 0;
  };
}

/**
 * Per-client budgets kept in Redis, so that every gateway instance counts together. Past a budget the answer is a
 * 429 envelope with Retry-After. If Redis does not answer within STORE_TIMEOUT_MS, the request passes uncounted
 * (fail open), a warning is logged, and for a moment requests pass without asking: an outage of Redis must not
 * become an outage, or a slowdown, of the site.
 */
export function rateLimits(redis: Redis, budgets: RateLimitBudgets, prefix: string, logger: Logger): {
  api: RequestHandler;
  lookup: RequestHandler;
  credentials: RequestHandler;
} {
  const warn = storeFailureWarner(logger);
  const sendCommand = budgetCommands(redis);
  const make = (name: string, limit: number, validate: Options['validate'] = true): RequestHandler => {
    const options: Partial<Options> = {
      windowMs: 60_000,
      limit,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      passOnStoreError: true,
      logger: { warn: (error, message) => logger.warn({ err: error }, message ?? 'rate limiter warning'), error: warn },
      store: new RecoveringRedisStore({
        prefix: `${prefix}:rl:${name}:`,
        sendCommand,
      }),
      // Written with node's response alone: the lookup's budget is also counted ahead of express (plain-lookup.ts).
      handler: (req, res, _next, opts) => {
        const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
        const retryAfter = resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : Math.ceil(opts.windowMs / 1000);
        res.statusCode = 429;
        res.setHeader('Retry-After', String(retryAfter));
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify(errorEnvelope('rate_limited', MESSAGES.platform.rateLimited)));
      },
      validate,
    };
    return rateLimit(options);
  };
  return {
    api: make('api', budgets.apiPerMinute),
    // The checks of the app's trust-proxy setting read req.app, which a lookup answered ahead of express has not;
    // the other budgets, counted in express's chain under the same setting, still run them.
    lookup: make('lookup', budgets.lookupPerMinute, { trustProxy: false, xForwardedForHeader: false }),
    credentials: make('credentials', budgets.authPerMinute),
  };
}
