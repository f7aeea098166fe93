import type { z } from 'zod';
import { MESSAGES, type ZCreateGarageRequestSchema } from '@sh/shared/contract';
import { AppError, type Logger, type Pool } from '@sh/shared/server';
import type { CompaniesHouseClient } from '../clients/companies-house.js';
import type { IdentityClient } from '../clients/identity.js';
import type { GarageRow } from '../store/garage-row.js';
import { findGarageDuplicates } from '../store/find-garage-duplicates.js';
import type { NewGarage } from '../store/insert-garage.js';
import { duplicateGarageError } from './duplicate-garage-error.js';
import { removeSignupUser } from './remove-signup-user.js';
import { resolveReferrer } from './resolve-referrer.js';
import { storeGarage } from './store-garage.js';
import { verifySignupCompany } from './verify-signup-company.js';

/** The signup payload as the route's schema parsed it (trimmed, normalised, referral code null when none). */
export type TCreateGarageInput = z.output<typeof ZCreateGarageRequestSchema>;

export interface RegisterGarageDeps {
  pool: Pool;
  companiesHouse: CompaniesHouseClient;
  identity: IdentityClient;
  companyTokenSecret: string;
}

/**
 * POST /garages: signs a garage up, in this order: the typed referral code must belong to a garage; the e-mail
 * and company must be new; the company must be verified (a valid /companies/validate token, or a fresh look-up);
 * identity creates the user (role garage); the garage row and garage.registered commit together. If the garage
 * cannot be stored, the user is removed again.
 */
export async function registerGarage(
  deps: RegisterGarageDeps,
  input: TCreateGarageInput,
  logger: Logger,
): Promise<{ id: string; name: string; referral_code: string }> {
  const referredBy = await resolveReferrer(deps.pool, input.referral_code);
  await assertGarageIsNew(deps.pool, input);
  const registeredName = await verifySignupCompany(deps, input);
  const userId = await deps.identity.createUser({ email: input.email, password: input.password, role: 'garage' });
  const garage = await storeGarageOrRemoveUser(deps, logger, {
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
  return { id: garage.id, name: garage.name, referral_code: garage.referral_code };
}

/** A taken e-mail or company is a 409 before anything is created. */
async function assertGarageIsNew(pool: Pool, input: TCreateGarageInput): Promise<void> {
  const error = duplicateGarageError(await findGarageDuplicates(pool, input.email, input.companies_house_number));
  if (error) throw error;
}

/**
 * Stores the garage of a user identity has just created; when it cannot be stored the user is removed again.
 * A rival signup that took the e-mail or company meanwhile is the 409 of docs/product.md#signup; any other failure is a 500
 * with MESSAGES.signup.garageCreateFailed.
 */
async function storeGarageOrRemoveUser(
  deps: RegisterGarageDeps,
  logger: Logger,
  garage: Omit<NewGarage, 'referralCode'>,
): Promise<GarageRow> {
  const stored = await storeGarage(deps.pool, garage).catch(async (error: unknown) => {
    await removeSignupUser(deps.identity, garage.id, logger);
    logger.error(
      { err: error, userId: garage.id },
      'garage could not be stored after its user was created; user removed',
    );
    throw new AppError('internal', MESSAGES.signup.garageCreateFailed, { cause: error });
  });
  if (stored.outcome === 'stored') return stored.garage;
  await removeSignupUser(deps.identity, garage.id, logger);
  throw duplicateGarageError({
    hasEmailDuplicate: stored.outcome === 'email_taken',
    hasCompanyDuplicate: stored.outcome === 'company_taken',
  })!;
}
