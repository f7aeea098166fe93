import { Router } from 'express';
import {
  ZForgotPasswordRequestSchema,
  ZLoginRequestSchema,
  ZLogoutRequestSchema,
  ZRefreshRequestSchema,
  ZResetPasswordRequestSchema,
  MESSAGES,
} from '@sh/shared/contract';
import { authenticate, parseOrThrow, type Pool, type TokenVerifier } from '@sh/shared/server';
import { getCurrentUser } from '../domain/get-current-user.js';
import { logIn } from '../domain/log-in.js';
import { logOut } from '../domain/log-out.js';
import { refreshSession } from '../domain/refresh-session.js';
import { requestPasswordReset } from '../domain/request-password-reset.js';
import { resetPassword } from '../domain/reset-password.js';
import type { SecondFactorSettings } from '../domain/second-factor-settings.js';
import type { SigningKeys } from '../domain/signing-keys.js';
import { presentSession } from './present-session.js';
import { secondFactorStepMessage } from './second-factor.js';

/** /api/v1/auth/*: login, refresh, logout, me, the public key, forgot and reset password. */
export function authRoutes(deps: { pool: Pool; keys: SigningKeys; verifier: TokenVerifier; secondFactor: SecondFactorSettings }): Router {
  const { pool, keys } = deps;
  const router = Router();

  router.post('/api/v1/auth/login', async (req, res) => {
    const input = parseOrThrow(ZLoginRequestSchema, req.body ?? {});
    const outcome = await logIn(pool, keys, deps.secondFactor, input);
    if (!('session' in outcome)) {
      // The password was right and a second factor is owed (routes/second-factor.ts takes the next step).
      res.setHeader('cache-control', 'no-store');
      res.json({ status: 200, message: secondFactorStepMessage(outcome), data: outcome });
      return;
    }
    res.json({ status: 200, message: MESSAGES.identity.loginSuccess, data: presentSession(res, outcome) });
  });

  router.post('/api/v1/auth/refresh', async (req, res) => {
    const { refresh_token } = parseOrThrow(ZRefreshRequestSchema, req.body ?? {});
    const data = await refreshSession(pool, keys, deps.secondFactor, refresh_token);
    res.setHeader('cache-control', 'no-store');
    res.json({ status: 200, message: MESSAGES.identity.refreshSuccess, data });
  });

  router.post('/api/v1/auth/logout', async (req, res) => {
    const { refresh_token } = parseOrThrow(ZLogoutRequestSchema, req.body ?? {});
    await logOut(pool, refresh_token);
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
