import type { z } from 'zod';
import { MESSAGES, type TFieldError, type ZCreateGarageRequestSchema } from '@sh/shared/contract';
import { AppError, withTransaction, writeEvent, type Logger, type Pool, type PoolClient } from '@sh/shared/server';
import type { CompaniesHouseClient } from '../clients/companies-house.js';
import type { IdentityClient } from '../clients/identity.js';
import { findDuplicates, findGarageByReferralCode, GARAGE_UNIQUE_CONSTRAINTS, insertGarage, type GarageRow, type NewGarage } from '../store/garages.js';
import { checkCompany } from './check-company.js';
import { companyNamesMatch } from './company-name.js';
import { readCompanyVerification } from './company-verification-token.js';
import { generateReferralCode } from './referral-code.js';

export type TCreateGarageInput = z.output<typeof ZCreateGarageRequestSchema>;

export interface RegisterGarageDeps {
  pool: Pool;
  companiesHouse: CompaniesHouseClient;
  identity: IdentityClient;
  companyTokenSecret: string;
}

/** How many fresh referral codes to draw when one is taken (a collision is already a one-in-a-billion event). */
const REFERRAL_CODE_ATTEMPTS = 5;

/**
 * POST /garages: signs a garage up. The payload has passed SPEC.md section 5's rules (the schema); then a
 * typed referral code must exist, the e-mail and company must be new, and the company must be verified (a
 * valid token from /companies/validate, or a fresh Companies House check). Then identity creates the user
 * (role garage) and the garage row and garage.registered commit together. If the garage cannot be stored,
 * the user is removed again and the answer is SPEC.md's garageCreateFailed.
 */
export async function registerGarage(
  deps: RegisterGarageDeps,
  input: TCreateGarageInput,
  logger: Logger,
): Promise<{ id: string; name: string; referral_code: string }> {
  const referredBy = await resolveReferrer(deps.pool, input.referral_code);
  const duplicates = await findDuplicates(deps.pool, input.email, input.companies_house_number);
  assertNoDuplicates(duplicates);
  const registeredName = await verifyCompany(deps, input);

  const userId = await deps.identity.createUser({ email: input.email, password: input.password, role: 'garage' });
  try {
    return await withTransaction(deps.pool, async (client) => {
      const garage = await insertWithFreshReferralCode(client, {
        id: userId,
        name: input.name,
        companyName: registeredName,
        companyNumber: input.companies_house_number,
        email: input.email,
        phone: input.phone,
        address: input.address,
        fullName: input.full_name,
        referredBy,
      });
      await writeEvent(client, 'garage.registered', {
        garageId: garage.id,
        name: garage.name,
        address: garage.address,
        email: garage.email,
        phone: garage.phone,
        fullName: garage.full_name,
        referralCode: garage.referral_code,
        referredBy: garage.referred_by,
      });
      return { id: garage.id, name: garage.name, referral_code: garage.referral_code };
    });
  } catch (error) {
    await removeUser(deps.identity, userId, logger);
    const violated = uniqueConstraintOf(error);
    if (violated === GARAGE_UNIQUE_CONSTRAINTS.email) assertNoDuplicates({ hasEmailDuplicate: true, hasCompanyDuplicate: false });
    if (violated === GARAGE_UNIQUE_CONSTRAINTS.companyNumber) assertNoDuplicates({ hasEmailDuplicate: false, hasCompanyDuplicate: true });
    logger.error({ err: error, userId }, 'garage could not be stored after its user was created; user removed');
    throw new AppError('internal', MESSAGES.signup.garageCreateFailed, { cause: error });
  }
}

/** The garage a typed referral code belongs to; a code nobody owns is a 400 (SPEC.md's "valid referral code"). */
async function resolveReferrer(pool: Pool, referralCode: string | null): Promise<string | null> {
  if (!referralCode) return null;
  const referrer = await findGarageByReferralCode(pool, referralCode);
  if (referrer) return referrer.id;
  throw new AppError('validation_failed', MESSAGES.signup.referralNotValidated, {
    errors: [{ path: 'referral_code', message: MESSAGES.signup.referralNotValidated }],
  });
}

/** A taken e-mail or company is a 409 with SPEC.md's message (the e-mail's first when both are taken). */
function assertNoDuplicates(duplicates: { hasEmailDuplicate: boolean; hasCompanyDuplicate: boolean }): void {
  const errors: TFieldError[] = [];
  if (duplicates.hasEmailDuplicate) errors.push({ path: 'email', message: MESSAGES.signup.duplicateEmail });
  if (duplicates.hasCompanyDuplicate) errors.push({ path: 'companies_house_number', message: MESSAGES.signup.duplicateCompany });
  if (errors.length === 0) return;
  const code = duplicates.hasEmailDuplicate ? 'duplicate_email' : 'duplicate_company';
  throw new AppError(code, errors[0]!.message, { errors });
}

/**
 * The registered name of the signup's company. A valid token for this number whose name matches the typed
 * garage name is trusted; anything else (no token, expired, altered, another number, a renamed garage) is
 * checked with Companies House again. A refusal is a 400 "Please validate your company details" with the reason.
 */
async function verifyCompany(deps: RegisterGarageDeps, input: TCreateGarageInput): Promise<string> {
  const vouched = input.company_verification_token ? readCompanyVerification(input.company_verification_token, deps.companyTokenSecret) : null;
  if (vouched && vouched.companyNumber === input.companies_house_number && companyNamesMatch(input.name, vouched.registeredName)) {
    return vouched.registeredName;
  }
  const check = await checkCompany(deps.companiesHouse, input.companies_house_number, input.name);
  if (check.isVerified) return check.registeredName;
  throw new AppError('validation_failed', MESSAGES.signup.companyNotValidated, {
    errors: [{ path: check.field === 'companyName' ? 'name' : 'companies_house_number', message: check.message }],
  });
}

/** Inserts the garage with a new referral code, drawing another when the code is already taken. */
async function insertWithFreshReferralCode(client: PoolClient, garage: Omit<NewGarage, 'referralCode'>): Promise<GarageRow> {
  for (let attempt = 0; attempt < REFERRAL_CODE_ATTEMPTS; attempt += 1) {
    const inserted = await insertGarage(client, { ...garage, referralCode: generateReferralCode() });
    if (inserted) return inserted;
  }
  throw new Error(`no free referral code after ${REFERRAL_CODE_ATTEMPTS} attempts`);
}

/** Signup compensation: removes the identity user, retrying briefly; a user that cannot be removed is logged. */
async function removeUser(identity: IdentityClient, userId: string, logger: Logger): Promise<void> {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    try {
      await identity.deleteUser(userId);
      return;
    } catch (error) {
      if (attempt === 3) {
        logger.error({ err: error, userId }, 'signup compensation failed: identity user left behind');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/** The unique index a database error violated, if it is a unique violation. */
function uniqueConstraintOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && typeof constraint === 'string' ? constraint : null;
}
