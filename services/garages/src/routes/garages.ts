import { Router } from 'express';
import {
  MESSAGES,
  ZCheckDuplicatesRequestSchema,
  ZCreateGarageRequestSchema,
  ZUserIdParamSchema,
  ZValidateReferralRequestSchema,
} from '@sh/shared/contract';
import { authenticate, parseOrThrow, requireRole, type Pool, type TokenVerifier } from '@sh/shared/server';
import { checkDuplicates } from '../domain/check-duplicates.js';
import { getGarageProfile } from '../domain/get-garage-profile.js';
import { registerGarage, type RegisterGarageDeps } from '../domain/register-garage.js';
import { releaseCompany } from '../domain/release-company.js';
import { validateReferral } from '../domain/validate-referral.js';

/** /api/v1/garages*: signup and its checks (public), the signed-in garage's profile, and an admin's company release. */
export function garageRoutes(deps: RegisterGarageDeps & { pool: Pool; verifier: TokenVerifier }): Router {
  const router = Router();

  router.post('/api/v1/garages/check-duplicates', async (req, res) => {
    const input = parseOrThrow(ZCheckDuplicatesRequestSchema, req.body ?? {});
    const data = await checkDuplicates(deps.pool, input);
    res.json({ status: 200, message: data.message, data });
  });

  router.post('/api/v1/garages/validate-referral', async (req, res) => {
    const { referralCode } = parseOrThrow(ZValidateReferralRequestSchema, req.body ?? {});
    const data = await validateReferral(deps.pool, referralCode);
    res.json({
      status: 200,
      message: data.valid ? MESSAGES.garages.referralValid : MESSAGES.signup.referralInvalid,
      data,
    });
  });

  router.post(['/api/v1/garages', '/api/v1/garages/'], async (req, res) => {
    const input = parseOrThrow(ZCreateGarageRequestSchema, req.body ?? {});
    const garage = await registerGarage(deps, input, req.log);
    res.status(201).json({ status: 201, message: MESSAGES.garages.garageRegistered, data: { garage } });
  });

  router.get('/api/v1/garages/me', authenticate(deps.verifier), requireRole('garage'), async (req, res) => {
    const garage = await getGarageProfile(deps.pool, req.auth!.sub);
    res.setHeader('cache-control', 'no-store');
    res.json({ status: 200, data: { garage } });
  });

  // Order of checks: token (401), admin (403), id shape (400), garage exists (404), e-mail never confirmed and a
  // company number still held (409).
  router.post(
    '/api/v1/garages/:id/release-company',
    authenticate(deps.verifier),
    requireRole('admin'),
    async (req, res) => {
      const { id } = parseOrThrow(ZUserIdParamSchema, req.params);
      const data = await releaseCompany(deps.pool, req.auth!, id);
      req.log?.info({ garageId: id, releasedBy: req.auth!.sub }, 'company number released');
      res.json({ status: 200, message: MESSAGES.garages.companyReleased, data });
    },
  );

  return router;
}
