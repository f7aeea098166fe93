import { Router } from 'express';
import { MESSAGES, ZCreateUserRequestSchema, ZUserIdParamSchema, ZVerifyPasswordRequestSchema } from '@sh/shared/contract';
import { AppError, parseOrThrow, requireInternalToken, type Pool } from '@sh/shared/server';
import { createUser } from '../domain/create-user.js';
import { deleteUser } from '../domain/delete-user.js';
import { verifyUserPassword } from '../domain/verify-user-password.js';
import type { PasswordFailureCounter } from '../store/password-failure-counter.js';

/** /internal/users*: service-to-service calls, only with the internal token (the gateway never forwards them). */
export function internalRoutes(deps: { pool: Pool; internalToken: string; passwordFailures: PasswordFailureCounter | null }): Router {
  const { pool } = deps;
  const router = Router();
  router.use('/internal', requireInternalToken(deps.internalToken));

  router.post('/internal/users', async (req, res) => {
    const input = parseOrThrow(ZCreateUserRequestSchema, req.body ?? {});
    const id = await createUser(pool, input);
    res.status(201).json({ status: 201, data: { id } });
  });

  router.post('/internal/users/verify-password', async (req, res) => {
    const { userId, password } = parseOrThrow(ZVerifyPasswordRequestSchema, req.body ?? {});
    const recheck = await verifyUserPassword(pool, deps.passwordFailures, userId, password);
    if (recheck.outcome === 'blocked') {
      throw new AppError('rate_limited', MESSAGES.records.passwordAttemptsExceeded, {
        headers: { 'retry-after': String(recheck.retryAfterSeconds) },
      });
    }
    if (recheck.isBudgetUnavailable) req.log?.warn({ userId }, 'password re-check ran without its attempt budget: Redis did not answer');
    res.json({ status: 200, data: { valid: recheck.valid } });
  });

  router.delete('/internal/users/:id', async (req, res) => {
    const { id } = parseOrThrow(ZUserIdParamSchema, req.params);
    const deleted = await deleteUser(pool, id);
    res.json({ status: 200, data: { deleted } });
  });

  return router;
}
