import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@sh/shared/contract';
import { confirmEmail } from '../api/identity';
import { ApiError } from '../api/client';
import { AuthShell } from '../components/AuthShell';
import { LinkOutcome } from '../components/LinkOutcome';
import { isServerError } from '../lib/error-message';
import { useDocumentTitle } from '../lib/use-document-title';
import { announceEmailConfirmed } from '../lib/use-email-confirmation';
import { useLinkToken, type TLinkOutcome } from '../lib/use-link-token';

/** How long the success message shows before the login page. */
export const CONFIRM_EMAIL_REDIRECT_MS = 3000;

async function confirm(token: string): Promise<TLinkOutcome> {
  const answer = await confirmEmail(token);
  if (answer.status !== 200)
    return { kind: 'error', message: answer.message ?? MESSAGES.confirmEmail.invalidOrExpired };
  // A checkout page waiting in another tab moves on at once (docs/product.md#the-road-from-signup-to-paying).
  announceEmailConfirmed();
  return { kind: 'success', message: MESSAGES.confirmEmail.success };
}

function confirmationFailureMessage(error: unknown): string {
  if (isServerError(error)) return error.message || MESSAGES.confirmEmail.invalidOrExpired;
  if (error instanceof ApiError && error.code === 'network_error') return MESSAGES.confirmEmail.failed;
  return MESSAGES.confirmEmail.invalidOrExpired;
}

/**
 * /confirm-email?token=: confirms the address of a new account (docs/product.md#e-mail-confirmation): a spinner, then success
 * (and the login page after 3 seconds) or the error.
 */
export function ConfirmEmailPage() {
  useDocumentTitle('Confirm your email');
  const navigate = useNavigate();
  const outcome = useLinkToken({
    scope: 'confirm-email',
    missingTokenMessage: MESSAGES.confirmEmail.invalidLink,
    redeem: confirm,
    failureMessage: confirmationFailureMessage,
  });

  useEffect(() => {
    if (outcome?.kind !== 'success') return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), CONFIRM_EMAIL_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome?.kind, navigate]);

  return (
    <AuthShell eyebrow="Your account" title="Email confirmation">
      <LinkOutcome outcome={outcome} pendingLabel={MESSAGES.confirmEmail.verifying} />
    </AuthShell>
  );
}
