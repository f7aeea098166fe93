import { MESSAGES, type TDisableSecondFactorRequest } from '@sh/shared/contract';
import { AppError, withTransaction, type Logger, type Pool, type TAuthClaims } from '@sh/shared/server';
import { deleteSecondFactor } from '../store/delete-second-factor.js';
import { findSecondFactor } from '../store/find-second-factor.js';
import { findUserById } from '../store/find-user-by-id.js';
import type { PasswordFailureCounter } from '../store/password-failure-counter.js';
import { assertCurrentPassword } from './assert-current-password.js';
import { checkSecondFactorCode } from './check-second-factor-code.js';
import { isSecondFactorRequired, type SecondFactorSettings } from './second-factor-settings.js';

/**
 * Turns the user's own two-step verification off: the current password (the budgeted re-check every such proof goes
 * through) and a code or recovery code (the second factor's budget). Refused (403) for an admin where it is required.
 */
export async function disableSecondFactor(
  pool: Pool,
  deps: { settings: SecondFactorSettings; passwordFailures: PasswordFailureCounter | null; log?: Logger },
  actor: TAuthClaims,
  input: TDisableSecondFactorRequest,
): Promise<void> {
  const user = await findUserById(pool, actor.sub);
  if (!user) throw new AppError('unauthorized', MESSAGES.platform.unauthorized);
  const enrolment = await findSecondFactor(pool, user.id);
  if (!enrolment?.confirmed_at) throw new AppError('conflict', MESSAGES.secondFactor.notEnabled);
  if (isSecondFactorRequired(deps.settings, user))
    throw new AppError('forbidden', MESSAGES.secondFactor.requiredForAdmins);
  await assertCurrentPassword(pool, deps.passwordFailures, user.id, input.currentPassword, deps.log);
  await withTransaction(pool, async (client) => {
    await checkSecondFactorCode(client, deps.settings, enrolment, input.code, { allowRecoveryCode: true });
    await deleteSecondFactor(client, user.id);
  });
}
