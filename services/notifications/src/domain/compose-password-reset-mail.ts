import { PASSWORD_RESET_TTL_MS } from '@sh/shared/contract';
import { BRAND_NAME, paragraph, renderMail, siteLink, type ComposedMail, type MailContext } from './mail-layout.js';

/** How long a reset link lasts, in words: "1 hour", "2 hours" or "30 minutes". */
export function describeResetValidity(ttlMs: number = PASSWORD_RESET_TTL_MS): string {
  const minutes = Math.round(ttlMs / 60_000);
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The mail with a single-use link to /reset-password carrying the token, valid for one hour. */
export function composePasswordResetMail(context: MailContext, input: { token: string }): ComposedMail {
  const link = siteLink(context, '/reset-password', { token: input.token });
  const validity = describeResetValidity();
  return renderMail(
    `Reset your ${BRAND_NAME} password`,
    {
      preheader: `Your password reset link is valid for ${validity}.`,
      heading: 'Reset your password',
      greeting: 'Hello,',
      blocks: [
        paragraph(
          `We received a request to reset the password for your ${BRAND_NAME} account. Use the button below to choose a new one.`,
        ),
        { kind: 'button', label: 'Reset password', url: link },
        paragraph(
          `This link is valid for ${validity} and can be used once. After that, please request a new one from the login page.`,
        ),
        paragraph(
          'If you did not ask to reset your password, you can ignore this email: your password will not change.',
        ),
      ],
      reason: `You are receiving this email because a password reset was requested for your ${BRAND_NAME} account.`,
    },
    context,
  );
}
