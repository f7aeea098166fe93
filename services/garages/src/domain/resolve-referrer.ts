import { MESSAGES } from '@sh/shared/contract';
import { AppError, type Queryable } from '@sh/shared/server';
import { findGarageByReferralCode } from '../store/find-garage-by-referral-code.js';

/** The garage a signup's referral code belongs to (null without a code); a code nobody owns is a 400 (docs/product.md#signup). */
export async function resolveReferrer(db: Queryable, referralCode: string | null): Promise<string | null> {
  if (!referralCode) return null;
  const referrer = await findGarageByReferralCode(db, referralCode);
  if (referrer) return referrer.id;
  throw new AppError('validation_failed', MESSAGES.signup.referralNotValidated, {
    errors: [{ path: 'referral_code', message: MESSAGES.signup.referralNotValidated }],
  });
}
