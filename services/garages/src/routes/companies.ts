import { Router } from 'express';
import { MESSAGES, ZCompanyValidateRequestSchema } from '@sh/shared/contract';
import { parseOrThrow } from '@sh/shared/server';
import type { CompaniesHouseClient } from '../clients/companies-house.js';
import { issueCompanyVerification } from '../domain/issue-company-verification.js';

/** POST /api/v1/companies/validate: the company check of the signup form (public). */
export function companyRoutes(deps: { companiesHouse: CompaniesHouseClient; companyTokenSecret: string }): Router {
  const router = Router();
  router.post('/api/v1/companies/validate', async (req, res) => {
    const input = parseOrThrow(ZCompanyValidateRequestSchema, req.body ?? {});
    const data = await issueCompanyVerification(deps.companiesHouse, deps.companyTokenSecret, input);
    res.json({ status: 200, message: MESSAGES.garages.companyValidated, data });
  });
  return router;
}
