import type { TSecondFactorStep } from '@sh/shared/contract';
import { signSecondFactorToken, type Queryable } from '@sh/shared/server';
import { findSecondFactor } from '../store/find-second-factor.js';
import type { UserRow } from '../store/user-row.js';
import { refuseIfSuspended } from './refuse-suspended.js';
import {
  isSecondFactorRequired,
  SECOND_FACTOR_STEP_TTL_SECONDS,
  type SecondFactorSettings,
} from './second-factor-settings.js';
import type { SigningKeys } from './signing-keys.js';
import { claimsOfUser } from './user-type.js';

/**
 * What a user whose password was right still owes before a session: with two-step verification on, a code (the
 * challenge goes to POST auth/login/second-factor); an admin without it where it is required, its enrolment (a token
 * that only identity's users/second-factor/* accept, and every access-token check refuses with
 * second_factor_enrolment_required). Null when nothing is owed. No refresh token is issued before the step is done.
 */
export async function secondFactorStepFor(
  db: Queryable,
  keys: SigningKeys,
  settings: SecondFactorSettings,
  user: UserRow,
): Promise<TSecondFactorStep | null> {
  const enrolment = await findSecondFactor(db, user.id);
  const claims = claimsOfUser(user);
  if (enrolment?.confirmed_at) {
    refuseIfSuspended(user);
    return {
      secondFactorRequired: true,
      challenge: signSecondFactorToken(keys.privateKey, claims, 'login-challenge', SECOND_FACTOR_STEP_TTL_SECONDS),
    };
  }
  if (isSecondFactorRequired(settings, user)) {
    return {
      secondFactorEnrolmentRequired: true,
      enrolmentToken: signSecondFactorToken(keys.privateKey, claims, 'enrolment', SECOND_FACTOR_STEP_TTL_SECONDS),
    };
  }
  return null;
}
