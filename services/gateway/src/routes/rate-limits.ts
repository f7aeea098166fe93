import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Options } from 'express-rate-limit';
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
/** Every budget is counted over a minute. */
const WINDOW_MS = 60_000;

/**
 * rate-limit-redis's increment, written out again for the lookup counted ahead of express (lookupAhead), with the
 * same key, window and meaning, so that a client's lookups count against one budget however they were spelt; and,
 * within the budget (ARGV[2]), a GET of KEYS[2] in the same call. Answers the hits so far in this window, the
 * milliseconds until it ends and, within the budget, what KEYS[2] holds. (Two keys in one script: on a Redis
 * Cluster they would have to share a hash slot; the platform runs one Redis.)
 */
const COUNT_AND_READ_SCRIPT = `local ttl = redis.call('PTTL', KEYS[1]) local hits = 1
if ttl <= 0 then redis.call('SET', KEYS[1], 1, 'PX', ARGV[1]) ttl = tonumber(ARGV[1]) else hits = redis.call('INCR', KEYS[1]) end
if hits > tonumber(ARGV[2]) then return {hits, ttl} end
return {hits, ttl, redis.call('GET', KEYS[2])}`;
const COUNT_AND_READ_SHA = createHash('sha1').update(COUNT_AND_READ_SCRIPT).digest('hex');

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
  res.setHeader('Retry-After', String(msUntilReset === undefined ? WINDOW_MS / 1000 : Math.max(1, Math.ceil(msUntilReset / 1000))));
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
    logger.warn({ err: error, passedUncounted }, 'rate limits are off: Redis did not answer, so requests pass uncounted');
    lastWarnedAt = Date.now();
    passedUncounted = 0;
  };
}

/**
 * The Buffer forms of EVALSHA and EVAL, which ioredis has (as for every command) but does not declare. Its callBuffer
 * would do, but loses its command's name on an auto-pipelined connection (ioredis issue #1923).
 */
interface ScriptCallsWithBuffers {
  evalshaBuffer(sha: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
  evalBuffer(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
}

/** What counting a lookup ahead of express came to: a spent budget (answered already), or what was read beside it. */
export type LookupCounted = { spent: true } | { spent: false; read: Buffer | null };

/**
 * Counts one lookup against its client's lookup budget, and reads the key `alsoRead` in the same call to Redis. A
 * spent budget is answered here, with the 429. Otherwise the RateLimit headers are set and what the key holds is
 * given back: null when it holds nothing, or when Redis did not answer (then the lookup passes uncounted).
 */
export type LookupBudgetAhead = (req: IncomingMessage, res: ServerResponse, alsoRead: string) => Promise<LookupCounted>;

/**
 * Per-client budgets kept in Redis, so that every gateway instance counts together. Past a budget the answer is a
 * 429 envelope with Retry-After. If Redis does not answer within STORE_TIMEOUT_MS, the request passes uncounted
 * (fail open), a warning is logged, and for a moment requests pass without asking: an outage of Redis must not
 * become an outage, or a slowdown, of the site.
 *
 * `lookupAhead` counts the lookup's budget for the lookup answered ahead of express (LookupBudgetAhead), with the
 * same keys, headers and answers as `lookup` (express-rate-limit's draft-7 headers, its key of a client's address)
 * but one script call, which also reads the lookup's published answer: measured, this took about a fifth off the
 * gateway's CPU time per lookup, against express-rate-limit's steps and a second call (README, Benchmark).
 */
export function rateLimits(redis: Redis, budgets: RateLimitBudgets, prefix: string, logger: Logger): {
  api: RequestHandler;
  lookup: RequestHandler;
  credentials: RequestHandler;
  lookupAhead: (clientIp: (req: IncomingMessage) => string | undefined) => LookupBudgetAhead;
} {
  const warn = storeFailureWarner(logger);
  const guarded = budgetCalls();
  const sendCommand = (command: string, ...args: string[]) => guarded(() => redis.call(command, ...args) as Promise<RedisReply>);
  const keyPrefixOf = (name: string) => `${prefix}:rl:${name}:`;
  const make = (name: string, limit: number): RequestHandler =>
    rateLimit({
      windowMs: WINDOW_MS,
      limit,
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
  const scripts = redis as unknown as ScriptCallsWithBuffers;
  const countLookup = (clientKey: string, alsoRead: string) => {
    const args = [2, clientKey, alsoRead, WINDOW_MS, lookupLimit] as const;
    return guarded(() =>
      scripts.evalshaBuffer(COUNT_AND_READ_SHA, ...args).catch((error: Error) => {
        // Redis keeps the scripts it was sent until it restarts: the first count after a restart sends it again.
        if (!error.message.startsWith('NOSCRIPT')) throw error;
        return scripts.evalBuffer(COUNT_AND_READ_SCRIPT, ...args);
      }),
    ) as Promise<[hits: number, msUntilReset: number, read?: Buffer | null]>;
  };
  const lookupAhead =
    (clientIp: (req: IncomingMessage) => string | undefined): LookupBudgetAhead =>
    (req, res, alsoRead) =>
      // express-rate-limit's key of a client: its address, an IPv6 one by its /56.
      countLookup(lookupKeyPrefix + ipKeyGenerator(String(clientIp(req))), alsoRead).then(
        ([hits, msUntilReset, read]): LookupCounted => {
          res.setHeader('RateLimit-Policy', lookupPolicy);
          res.setHeader('RateLimit', `limit=${lookupLimit}, remaining=${Math.max(lookupLimit - hits, 0)}, reset=${Math.max(0, Math.ceil(msUntilReset / 1000))}`);
          if (hits <= lookupLimit) return { spent: false, read: read ?? null };
          answerBudgetSpent(res, msUntilReset);
          return { spent: true };
        },
        (error: unknown): LookupCounted => {
          warn(error);
          return { spent: false, read: null };
        },
      );

  return {
    api: make('api', budgets.apiPerMinute),
    lookup: make('lookup', lookupLimit),
    credentials: make('credentials', budgets.authPerMinute),
    lookupAhead,
  };
}
