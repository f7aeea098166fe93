import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** A verification token is good for 30 minutes: enough to finish the signup form. */
export const COMPANY_TOKEN_TTL_MS = 30 * 60 * 1000;

/** What a verification token vouches for: Companies House said this number has this registered name. */
export interface CompanyVerification {
  companyNumber: string;
  registeredName: string;
}

const PURPOSE = 'company-verification.v1';

/** A token's body: the company number, its registered name and the expiry (unix milliseconds). */
const ZClaimsSchema = z.object({ n: z.string(), r: z.string(), exp: z.number() });

function signatureOf(body: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}.${body}`).digest();
}

/** Signs a verification: base64url(JSON).base64url(HMAC-SHA256), expiring after COMPANY_TOKEN_TTL_MS. */
export function signCompanyVerification(verification: CompanyVerification, secret: string, now = Date.now()): string {
  const body = Buffer.from(
    JSON.stringify({ n: verification.companyNumber, r: verification.registeredName, exp: now + COMPANY_TOKEN_TTL_MS }),
  ).toString('base64url');
  return `${body}.${signatureOf(body, secret).toString('base64url')}`;
}

/** The verification a token vouches for, or null when it is forged, altered, malformed or expired. */
export function readCompanyVerification(token: string, secret: string, now = Date.now()): CompanyVerification | null {
  const [body, signature, ...rest] = token.split('.');
  if (!body || !signature || rest.length > 0) return null;
  const expected = signatureOf(body, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = ZClaimsSchema.safeParse(parseJson(Buffer.from(body, 'base64url').toString('utf8')));
  if (!claims.success || claims.data.exp <= now) return null;
  return { companyNumber: claims.data.n, registeredName: claims.data.r };
}

/** The JSON a token's body holds, or null when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
