import { Router, type RequestHandler } from 'express';
import {
  MESSAGES,
  ZConfirmSecondFactorEnrolmentRequestSchema,
  ZDisableSecondFactorRequestSchema,
  ZLoginSecondFactorRequestSchema,
  type TSecondFactorStep,
} from '@sh/shared/contract';
import {
  authenticate,
  bearerToken,
  parseOrThrow,
  verifySecondFactorToken,
  type Pool,
  type TokenVerifier,
} from '@sh/shared/server';
import { completeSecondFactorLogin } from '../domain/complete-second-factor-login.js';
import { confirmSecondFactorEnrolment } from '../domain/confirm-second-factor-enrolment.js';
import { disableSecondFactor } from '../domain/disable-second-factor.js';
import { getSecondFactorStatus } from '../domain/get-second-factor-status.js';
import type { SecondFactorSettings } from '../domain/second-factor-settings.js';
import type { SigningKeys } from '../domain/signing-keys.js';
import { startSecondFactorEnrolment } from '../domain/start-second-factor-enrolment.js';
import type { PasswordFailureCounter } from '../store/password-failure-counter.js';
import { answerWithSession } from './session-cookie.js';

/** The message of login's answer when a second factor is owed. */
export function secondFactorStepMessage(step: TSecondFactorStep): string {
  return 'challenge' in step ? MESSAGES.secondFactor.enterCode : MESSAGES.secondFactor.enrolmentRequired;
}

/**
 * The caller of the enrolment calls: an access token, or an admin's enrolment-only token (login's answer where
 * admins must have a second factor). Only these routes accept the latter; res.locals.isEnrolmentOnly says which.
 */
function authenticateForEnrolment(verifier: TokenVerifier, publicKey: string): RequestHandler {
  const withAccessToken = authenticate(verifier);
  return (req, res, next) => {
    const token = bearerToken(req);
    const enrolmentClaims = token ? verifySecondFactorToken(publicKey, token, 'enrolment') : null;
    if (!enrolmentClaims) return withAccessToken(req, res, next);
    req.auth = enrolmentClaims;
    res.locals.isEnrolmentOnly = true;
    next();
  };
}

/**
 * Two-step verification: the login's second step (auth/login/second-factor) and the caller's own enrolment
 * (users/second-factor: its status, start, confirm with a code, and turning it off with the password and a code).
 */
export function secondFactorRoutes(deps: {
  pool: Pool;
  keys: SigningKeys;
  verifier: TokenVerifier;
  settings: SecondFactorSettings;
  passwordFailures: PasswordFailureCounter | null;
}): Router {
  const { pool, keys, settings } = deps;
  const router = Router();
  const enrolmentCaller = authenticateForEnrolment(deps.verifier, keys.publicKey);

  // Order of checks: body (400), challenge (401), budget (429, or 503 without its store), code (401), suspension (403).
  router.post('/api/v1/auth/login/second-factor', async (req, res) => {
    const input = parseOrThrow(ZLoginSecondFactorRequestSchema, req.body ?? {});
    const signedIn = await completeSecondFactorLogin(pool, keys, settings, input);
    answerWithSession(res, MESSAGES.identity.loginSuccess, signedIn);
  });

  router.get('/api/v1/users/second-factor', enrolmentCaller, async (req, res) => {
    const data = await getSecondFactorStatus(pool, settings, req.auth!);
    res.setHeader('cache-control', 'no-store');
    res.json({ status: 200, data });
  });

  router.post('/api/v1/users/second-factor/enrolment', enrolmentCaller, async (req, res) => {
    const data = await startSecondFactorEnrolment(pool, settings, req.auth!);
    res.setHeader('cache-control', 'no-store');
    res.json({ status: 200, message: MESSAGES.secondFactor.enrolmentStarted, data });
  });

  router.post('/api/v1/users/second-factor/enrolment/confirm', enrolmentCaller, async (req, res) => {
    const { code } = parseOrThrow(ZConfirmSecondFactorEnrolmentRequestSchema, req.body ?? {});
    const isEnrolmentOnly = res.locals.isEnrolmentOnly === true;
    const { recoveryCodes, signedIn } = await confirmSecondFactorEnrolment(pool, keys, settings, req.auth!, {
      code,
      isEnrolmentOnly,
    });
    if (!signedIn) return answerWithSession(res, MESSAGES.secondFactor.enabled, { recoveryCodes });
    // An admin's enrolment finished at sign-in: the session starts here, its refresh token in the session cookie.
    const { refreshToken, ...session } = signedIn;
    answerWithSession(res, MESSAGES.secondFactor.enabled, { recoveryCodes, signedIn: session, refreshToken });
  });

  // An enrolment-only token may not turn anything off: only a full session may.
  router.delete('/api/v1/users/second-factor', authenticate(deps.verifier), async (req, res) => {
    const input = parseOrThrow(ZDisableSecondFactorRequestSchema, req.body ?? {});
    await disableSecondFactor(
      pool,
      { settings, passwordFailures: deps.passwordFailures, log: req.log },
      req.auth!,
      input,
    );
    res.json({ status: 200, message: MESSAGES.secondFactor.disabled, data: {} });
  });

  return router;
}
