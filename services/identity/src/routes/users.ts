import { Router } from 'express';
import {
  MESSAGES,
  ZConfirmEmailRequestSchema,
  ZUndoEmailChangeRequestSchema,
  ZUpdateEmailRequestSchema,
  ZUpdatePasswordRequestSchema,
  ZUserIdParamSchema,
} from '@sh/shared/contract';
import { authenticate, parseOrThrow, type Pool, type TokenVerifier } from '@sh/shared/server';
import { confirmEmail } from '../domain/confirm-email.js';
import { resendEmailConfirmation } from '../domain/resend-email-confirmation.js';
import type { SigningKeys } from '../domain/signing-keys.js';
import { undoEmailChange } from '../domain/undo-email-change.js';
import { updateEmail } from '../domain/update-email.js';
import { updatePassword } from '../domain/update-password.js';
import { assertSelfOrAdmin } from '../domain/user-type.js';
import type { PasswordFailureCounter } from '../store/password-failure-counter.js';
import { answerWithSession } from './session-cookie.js';

/** /api/v1/users/*: e-mail confirmation and the account changes (users/phone/ belongs to garages). */
export function userRoutes(deps: {
  pool: Pool;
  keys: SigningKeys;
  verifier: TokenVerifier;
  passwordFailures: PasswordFailureCounter | null;
}): Router {
  const { pool, keys } = deps;
  const router = Router();

  router.post('/api/v1/users/confirm-email', async (req, res) => {
    const { token } = parseOrThrow(ZConfirmEmailRequestSchema, req.body ?? {});
    await confirmEmail(pool, token);
    res.json({ status: 200, message: MESSAGES.identity.emailConfirmed, data: {} });
  });

  router.post('/api/v1/users/resend-confirmation', authenticate(deps.verifier), async (req, res) => {
    const data = await resendEmailConfirmation(pool, req.auth!.sub);
    res.json({
      status: 200,
      message: data.emailConfirmed ? MESSAGES.identity.alreadyConfirmed : MESSAGES.identity.confirmationSent,
      data,
    });
  });

  // Order of checks: token (401), id shape (400), self or admin (403), body (400; an admin's reason for another
  // user's account), user exists (404), the user's current password (400 missing, 429 budget spent, 401 wrong),
  // address taken (409).
  router.patch('/api/v1/users/email/:id', authenticate(deps.verifier), async (req, res) => {
    const { id } = parseOrThrow(ZUserIdParamSchema, req.params);
    assertSelfOrAdmin(req.auth!, id);
    const input = parseOrThrow(ZUpdateEmailRequestSchema, req.body ?? {});
    const data = await updateEmail(
      { pool, keys, passwordFailures: deps.passwordFailures, log: req.log },
      req.auth!,
      id,
      input,
    );
    answerWithSession(res, MESSAGES.identity.emailUpdated, data);
  });

  // Public: the token of the link mailed to the old address is the credential.
  router.post('/api/v1/users/undo-email-change', async (req, res) => {
    const { token } = parseOrThrow(ZUndoEmailChangeRequestSchema, req.body ?? {});
    const data = await undoEmailChange(pool, token);
    res.json({ status: 200, message: MESSAGES.identity.emailChangeUndone, data });
  });

  // Order of checks: token (401), id shape (400), self or admin (403), body (400; an admin's reason for another
  // user's account), user exists (404), the user's current password (400 missing, 429 budget spent, 401 wrong).
  router.patch('/api/v1/users/password/:id', authenticate(deps.verifier), async (req, res) => {
    const { id } = parseOrThrow(ZUserIdParamSchema, req.params);
    assertSelfOrAdmin(req.auth!, id);
    const input = parseOrThrow(ZUpdatePasswordRequestSchema, req.body ?? {});
    const data = await updatePassword(
      { pool, keys, passwordFailures: deps.passwordFailures, log: req.log },
      req.auth!,
      id,
      input,
    );
    answerWithSession(res, MESSAGES.identity.passwordUpdated, data);
  });

  return router;
}
