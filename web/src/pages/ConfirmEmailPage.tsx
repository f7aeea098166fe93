import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '@sh/shared/contract';
import { confirmEmail } from '../api/identity';
import { ApiError } from '../api/client';
import { AuthShell } from '../components/AuthShell';
import { ResultPanel } from '../components/ResultPanel';
import { Spinner } from '../components/Spinner';
import { isServerError } from '../lib/error-message';
import { useApiData } from '../lib/use-api-data';
import { useDocumentTitle } from '../lib/use-document-title';

/** How long the success message shows before the login page. */
export const CONFIRM_EMAIL_REDIRECT_MS = 3000;

type TOutcome = { kind: 'success' } | { kind: 'error'; message: string };

// A confirmation token works once. React's development double-run of effects must not spend it twice, so
// every mount for the same token shares one request.
const confirmations = new Map<string, Promise<TOutcome>>();

function confirmOnce(token: string): Promise<TOutcome> {
  let pending = confirmations.get(token);
  if (!pending) {
    pending = confirmEmail(token).then(
      (answer): TOutcome =>
        answer.status === 200 ? { kind: 'success' } : { kind: 'error', message: answer.message ?? MESSAGES.confirmEmail.invalidOrExpired },
      (error: unknown): TOutcome => ({ kind: 'error', message: confirmationFailureMessage(error) }),
    );
    confirmations.set(token, pending);
  }
  return pending;
}

function confirmationFailureMessage(error: unknown): string {
  if (isServerError(error)) return error.message || MESSAGES.confirmEmail.invalidOrExpired;
  if (error instanceof ApiError && error.code === 'network_error') return MESSAGES.confirmEmail.failed;
  return MESSAGES.confirmEmail.invalidOrExpired;
}

/**
 * /confirm-email?token=: confirms the address of a new account (SPEC.md section 4): a spinner, then success
 * (and the login page after 3 seconds) or the error.
 */
export function ConfirmEmailPage() {
  useDocumentTitle('Confirm your email');
  const [searchParams] = useSearchParams();
  const token = (searchParams.get('token') ?? '').trim();
  const navigate = useNavigate();
  const confirmation = useApiData(() => confirmOnce(token), [token], { isEnabled: token !== '' });
  const outcome: TOutcome | null = !token
    ? { kind: 'error', message: MESSAGES.confirmEmail.invalidLink }
    : confirmation.status === 'loaded'
      ? confirmation.data
      : null;

  useEffect(() => {
    if (outcome?.kind !== 'success') return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), CONFIRM_EMAIL_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome?.kind, navigate]);

  const toLogin = (
    <Link to="/login" className="button button--primary">
      Go to Login
    </Link>
  );
  return (
    <AuthShell eyebrow="Your account" title="Email confirmation">
      {!outcome ? <Spinner label={MESSAGES.confirmEmail.verifying} /> : null}
      {outcome?.kind === 'success' ? <ResultPanel tone="success" lead={MESSAGES.confirmEmail.success} actions={toLogin} /> : null}
      {outcome?.kind === 'error' ? (
        <ResultPanel
          tone="error"
          lead={outcome.message}
          actions={
            <>
              {toLogin}
              <Link to="/support" className="button button--ghost">
                Get help
              </Link>
            </>
          }
        />
      ) : null}
    </AuthShell>
  );
}
