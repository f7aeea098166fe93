/**
 * A local fake of the Companies House public data API, for development and tests. It speaks the one call the
 * garages service makes, GET /company/{company_number}, like the real API: basic auth with the API key as the
 * user name (any non-empty key passes here), 200 with the company profile, 404 with the API's error body.
 */
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { z } from 'zod';

/** One company profile as the fixtures hold it (the real API's field names). */
const ZCompanyProfileSchema = z.looseObject({
  company_number: z.string().min(1),
  company_name: z.string().min(1),
  company_status: z.string().min(1),
  type: z.string(),
  date_of_creation: z.string(),
  registered_office_address: z.record(z.string(), z.unknown()),
  sic_codes: z.array(z.string()).optional(),
});
export type CompanyProfile = z.infer<typeof ZCompanyProfileSchema>;

export interface CompaniesHouseFakeOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** A JSON array of company profiles. */
  fixturesPath: string;
}

export interface CompaniesHouseFake {
  url: string;
  /** How many company look-ups reached the fake (authorised or not), for rate-limit tests. */
  requestCount(): number;
  close(): Promise<void>;
}

/** Reads and checks the fixture file; a malformed file stops the fake with the reason. */
export async function readCompanyFixtures(fixturesPath: string): Promise<Map<string, CompanyProfile>> {
  const raw: unknown = JSON.parse(await readFile(fixturesPath, 'utf8'));
  const companies = z.array(ZCompanyProfileSchema).parse(raw);
  return new Map(companies.map((company) => [company.company_number.toUpperCase(), company]));
}

/** Whether an Authorization header is basic auth with a non-empty user name (the API key). */
function hasApiKey(header: string | undefined): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match) return false;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const key = decoded.split(':')[0] ?? '';
  return key.trim().length > 0;
}

/** Starts the fake on a port; resolves once it listens. */
export async function startCompaniesHouseFake(options: CompaniesHouseFakeOptions): Promise<CompaniesHouseFake> {
  const companies = await readCompanyFixtures(options.fixturesPath);
  let requests = 0;

  const app = express();
  app.disable('x-powered-by');
  app.get('/company/:companyNumber', (req, res) => {
    requests += 1;
    if (!hasApiKey(req.header('authorization'))) {
      res.status(401).json({ error: 'Invalid Authorization', type: 'ch:service' });
      return;
    }
    const company = companies.get(req.params.companyNumber.toUpperCase());
    if (!company) {
      res.status(404).json({ errors: [{ error: 'company-profile-not-found', type: 'ch:service' }] });
      return;
    }
    res.json(company);
  });
  app.use((_req, res) => {
    res.status(404).json({ errors: [{ error: 'not-found', type: 'ch:service' }] });
  });

  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<import('node:http').Server>((resolve, reject) => {
    const s = app.listen(options.port ?? 0, host, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    requestCount: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
