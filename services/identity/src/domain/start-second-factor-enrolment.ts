import QRCode from 'qrcode';
import { MESSAGES } from '@sh/shared/contract';
import { AppError, type Queryable, type TAuthClaims } from '@sh/shared/server';
import { findUserById } from '../store/find-user-by-id.js';
import { refuseIfSuspended } from './refuse-suspended.js';
import { upsertPendingSecondFactor } from '../store/upsert-pending-second-factor.js';
import { encryptSecondFactorSecret } from './second-factor-secret.js';
import type { SecondFactorSettings } from './second-factor-settings.js';
import { generateTotpSecret, totpUri } from './totp.js';

/**
 * Begins (or begins again) the user's enrolment: a new secret, generated here and stored encrypted, pending until a
 * code proves it. The secret, its otpauth URI and QR code are answered now, and never once the enrolment is confirmed
 * (409 then: turn it off first).
 */
export async function startSecondFactorEnrolment(
  db: Queryable,
  settings: SecondFactorSettings,
  actor: TAuthClaims,
): Promise<{ secret: string; otpauthUri: string; qrCode: string }> {
  const user = await findUserById(db, actor.sub);
  if (!user) throw new AppError('unauthorized', MESSAGES.platform.unauthorized);
  refuseIfSuspended(user);
  const secret = generateTotpSecret();
  const outcome = await upsertPendingSecondFactor(
    db,
    user.id,
    encryptSecondFactorSecret(settings.encryptionKey, user.id, secret),
  );
  if (outcome === 'confirmed') throw new AppError('conflict', MESSAGES.secondFactor.alreadyEnabled);
  const otpauthUri = totpUri(secret, user.email);
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}
