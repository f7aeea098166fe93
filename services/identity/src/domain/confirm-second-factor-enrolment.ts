import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@sh/shared/contract';
import { AppError, withTransaction, type Pool, type TAuthClaims } from '@sh/shared/server';
import { findSecondFactor } from '../store/find-second-factor.js';
import { findUserById } from '../store/find-user-by-id.js';
import { replaceRecoveryCodes } from '../store/replace-recovery-codes.js';
import { checkSecondFactorCode } from './check-second-factor-code.js';
import { issueSession, type SignedInUser } from './issue-session.js';
import { generateRecoveryCodes, recoveryCodeHashes } from './recovery-codes.js';
import type { SecondFactorSettings } from './second-factor-settings.js';
import type { SigningKeys } from './signing-keys.js';

/**
 * Confirms the user's pending enrolment with a code from the app (budgeted like any code): from now on sign-in asks for
 * one. Answers the recovery codes, this once (only their hashes are kept). An admin who came with an enrolment-only
 * token has now proven password and code, so gets the session, through the same issueSession as every sign-in.
 */
export async function confirmSecondFactorEnrolment(
  pool: Pool,
  keys: SigningKeys,
  settings: SecondFactorSettings,
  actor: TAuthClaims,
  input: { code: string; isEnrolmentOnly: boolean },
): Promise<{ recoveryCodes: string[]; signedIn?: SignedInUser }> {
  return withTransaction(pool, async (client) => {
    const enrolment = await findSecondFactor(client, actor.sub);
    if (!enrolment) throw new AppError('conflict', MESSAGES.secondFactor.noEnrolment);
    if (enrolment.confirmed_at) throw new AppError('conflict', MESSAGES.secondFactor.alreadyEnabled);
    await checkSecondFactorCode(client, settings, enrolment, input.code, { allowRecoveryCode: false });
    const recoveryCodes = generateRecoveryCodes();
    await replaceRecoveryCodes(client, actor.sub, recoveryCodeHashes(recoveryCodes));
    if (!input.isEnrolmentOnly) return { recoveryCodes };
    const user = await findUserById(client, actor.sub);
    if (!user) throw new AppError('unauthorized', MESSAGES.platform.unauthorized);
    return { recoveryCodes, signedIn: await issueSession(client, keys, user, randomUUID()) };
  });
}
