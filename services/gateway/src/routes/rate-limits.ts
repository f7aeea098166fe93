import type { RequestHandler } from 'express';
import { rateLimit, type Options } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { MESSAGES } from '@sh/shared/contract';
import { errorEnvelope, type Redis } from '@sh/shared/server';

export interface RateLimitBudgets {
  apiPerMinute: number;
  lookupPerMinute: number;
  authPerMinute: number;
}

/**
 * Per-client budgets kept in Redis, so that every gateway instance counts together. Past a budget the
 * answer is a 429 envelope with Retry-After. If Redis is briefly unreachable, requests pass rather than fail.
 */
export function rateLimits(redis: Redis, budgets: RateLimitBudgets, prefix: string): {
  api: RequestHandler;
  lookup: RequestHandler;
  credentials: RequestHandler;
} {
  const make = (name: string, limit: number): RequestHandler => {
    const options: Partial<Options> = {
      windowMs: 60_000,
      limit,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      passOnStoreError: true,
      store: new RedisStore({
        prefix: `${prefix}:rl:${name}:`,
        sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<RedisReply>,
      }),
      handler: (req, res, _next, opts) => {
        const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
        const retryAfter = resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : Math.ceil(opts.windowMs / 1000);
        res.setHeader('Retry-After', String(retryAfter));
        res.status(429).json(errorEnvelope('rate_limited', MESSAGES.platform.rateLimited));
      },
    };
    return rateLimit(options);
  };
  return {
    api: make('api', budgets.apiPerMinute),
    lookup: make('lookup', budgets.lookupPerMinute),
    credentials: make('credentials', budgets.authPerMinute),
  };
}
