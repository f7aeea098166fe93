import { Router } from 'express';
import {
  ZForgotPasswordRequestSchema,
  ZLoginRequestSchema,
  ZResetPasswordRequestSchema,
  MESSAGES,
} from '@sh/shared/contract';
import { AppError, authenticate, parseOrThrow, type Pool, type TokenVerifier } from '@sh/shared/server';
import { getCurrentUser } from '../domain/get-current-user.js';
import { logIn } from '../domain/log-in.js';
import { logOut } from '../domain/log-out.js';
import { refreshSession } from '../domain/refresh-session.js';
import { requestPasswordReset } from '../domain/request-password-reset.js';
import { resetPassword } from '../domain/reset-password.js';
import type { SecondFactorSettings } from '../domain/second-factor-settings.js';
import type { SigningKeys } from '../domain/signing-keys.js';
import { secondFactorStepMessage } from './second-factor.js';
import { answerWithSession, clearSessionCookie, readSessionCookie } from './session-cookie.js';

/**
 * /api/v1/auth/*: login, refresh, logout, me, the public key, forgot and reset password. A session's refresh token
 * travels only in the session cookie (./session-cookie.ts): login and refresh set it, refresh and logout read it.
 */
export function authRoutes(deps: {
  pool: Pool;
  keys: SigningKeys;
  verifier: TokenVerifier;
  secondFactor: SecondFactorSettings;
}): Router {
  const { pool, keys } = deps;
  const router = Router();

  router.post('/api/v1/auth/login', async (req, res) => {
    const input = parseOrThrow(ZLoginRequestSchema, req.body ?? {});
    const outcome = await logIn({ pool, keys, secondFactor: deps.secondFactor }, input);
    // With the password right, a session, or the second factor still owed (routes/second-factor.ts takes that step).
    const message = 'session' in outcome ? MESSAGES.identity.loginSuccess : secondFactorStepMessage(outcome);
    answerWithSession(res, message, outcome);
  });

  // 403 without the SPA's header, 401 without a cookie; a cookie that no longer refreshes (used, revoked, expired,
  // a suspended garage's) is cleared with the refusal. A failure of ours (5xx) keeps it: the session may still be good.
  router.post('/api/v1/auth/refresh', async (req, res) => {
    const refreshToken = readSessionCookie(req);
    if (!refreshToken) throw new AppError('unauthorized', MESSAGES.identity.sessionExpired);
    const data = await refreshSession(pool, keys, deps.secondFactor, refreshToken).catch((error: unknown) => {
      if (error instanceof AppError && error.status < 500) clearSessionCookie(res);
      throw error;
    });
    answerWithSession(res, MESSAGES.identity.refreshSuccess, data);
  });

  // Ends the cookie's session (its whole family) and clears the cookie; without a cookie there is nothing to end.
  router.post('/api/v1/auth/logout', async (req, res) => {
    const refreshToken = readSessionCookie(req);
    if (refreshToken) await logOut(pool, refreshToken);
    clearSessionCookie(res);
    res.json({ status: 200, message: MESSAGES.identity.logoutSuccess, data: {} });
  });

  router.get('/api/v1/auth/me', authenticate(deps.verifier), async (req, res) => {
    const data = await getCurrentUser(pool, req.auth!.sub);
    res.setHeader('cache-control', 'no-store');
    res.json({ status: 200, data });
  });

  router.get('/api/v1/auth/public-key', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=300');
    res.json({ status: 200, data: { publicKey: keys.publicKey } });
  });

  router.post('/api/v1/auth/forgot-password', async (req, res) => {
    const { email } = parseOrThrow(ZForgotPasswordRequestSchema, req.body ?? {});
    await requestPasswordReset(pool, email);
    res.json({ status: 200, message: MESSAGES.identity.forgotPasswordSent, data: {} });
  });

  router.post('/api/v1/auth/reset-password', async (req, res) => {
    const input = parseOrThrow(ZResetPasswordRequestSchema, req.body ?? {});
    await resetPassword(pool, input);
    res.json({ status: 200, message: MESSAGES.resetPassword.success, data: {} });
  });

  return router;
}
