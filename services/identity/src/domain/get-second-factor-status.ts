import { MESSAGES } from '@sh/shared/contract';
import { AppError, type Queryable, type TAuthClaims } from '@sh/shared/server';
import { countRecoveryCodesLeft } from '../store/count-recovery-codes-left.js';
import { findSecondFactor } from '../store/find-second-factor.js';
import { findUserById } from '../store/find-user-by-id.js';
import { refuseIfSuspended } from './refuse-suspended.js';
import { isSecondFactorRequired, type SecondFactorSettings } from './second-factor-settings.js';

/** Whether the user's two-step verification is on (a confirmed enrolment), whether they must keep it, and their unused recovery codes. */
export async function getSecondFactorStatus(
  db: Queryable,
  settings: SecondFactorSettings,
  actor: TAuthClaims,
): Promise<{ isEnabled: boolean; isRequired: boolean; recoveryCodesLeft: number }> {
  const user = await findUserById(db, actor.sub);
  if (!user) throw new AppError('unauthorized', MESSAGES.platform.unauthorized);
  refuseIfSuspended(user);
  const enrolment = await findSecondFactor(db, user.id);
  const isEnabled = Boolean(enrolment?.confirmed_at);
  return {
    isEnabled,
    isRequired: isSecondFactorRequired(settings, user),
    recoveryCodesLeft: isEnabled ? await countRecoveryCodesLeft(db, user.id) : 0,
  };
}
