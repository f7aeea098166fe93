import { Router } from 'express';
import {
  MESSAGES,
  ZCreateUserRequestSchema,
  ZEventIdParamSchema,
  ZFindTechnicianRequestSchema,
  ZFindTechniciansRequestSchema,
  ZUserIdParamSchema,
  ZVerifyPasswordRequestSchema,
} from '@sh/shared/contract';
import { AppError, parseOrThrow, readEventSecrets, requireInternalToken, type Pool } from '@sh/shared/server';
import { createUser } from '../domain/create-user.js';
import { deleteUser } from '../domain/delete-user.js';
import { verifyUserPassword } from '../domain/verify-user-password.js';
import type { PasswordFailureCounter } from '../store/password-failure-counter.js';
import { findTechnicianName, findTechnicianNames } from '../store/technicians.js';

/** /internal/users*, /internal/technicians/find(-many), /internal/events/{id}/secret: service-to-service calls, only with the internal token (the gateway never forwards them). */
export function internalRoutes(deps: {
  pool: Pool;
  internalToken: string;
  passwordFailures: PasswordFailureCounter | null;
}): Router {
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
    if (recheck.isBudgetUnavailable)
      req.log?.warn({ userId }, 'password re-check ran without its attempt budget: Redis did not answer');
    res.json({ status: 200, data: { valid: recheck.valid } });
  });

  router.post('/internal/technicians/find', async (req, res) => {
    const { garageId, name } = parseOrThrow(ZFindTechnicianRequestSchema, req.body ?? {});
    res.json({ status: 200, data: { name: await findTechnicianName(pool, garageId, name) } });
  });

  router.post('/internal/technicians/find-many', async (req, res) => {
    const { garageId, names } = parseOrThrow(ZFindTechniciansRequestSchema, req.body ?? {});
    res.json({ status: 200, data: { names: await findTechnicianNames(pool, garageId, names) } });
  });

  router.delete('/internal/users/:id', async (req, res) => {
    const { id } = parseOrThrow(ZUserIdParamSchema, req.params);
    const deleted = await deleteUser(pool, id);
    res.json({ status: 200, data: { deleted } });
  });

  // The one-time token of a confirmation, reset or e-mail-change notice event, for notifications to put in its mail:
  // no job carries it, so a Redis that loses the job loses no token (the reconciler publishes the job again).
  router.get('/internal/events/:id/secret', async (req, res) => {
    const { id } = parseOrThrow(ZEventIdParamSchema, req.params);
    const secrets = await readEventSecrets(pool, id);
    if (!secrets) throw new AppError('not_found', MESSAGES.platform.notFound);
    res.set('cache-control', 'no-store').json({ status: 200, data: secrets });
  });

  return router;
}
