import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '@sh/shared/contract';
import { confirmEmail } from '../api/identity';
import { ApiError } from '../api/client';
import { AuthShell } from '../components/AuthShell';
import { CheckIcon, WarningIcon } from '../components/icons';
import { Spinner } from '../components/Spinner';
import { isServerError } from '../lib/error-message';
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
  const [answer, setAnswer] = useState<{ token: string; outcome: TOutcome } | null>(null);

  useEffect(() => {
    if (!token) return;
    let isCurrent = true;
    void confirmOnce(token).then((outcome) => {
      if (isCurrent) setAnswer({ token, outcome });
    });
    return () => {
      isCurrent = false;
    };
  }, [token]);

  const outcome: TOutcome | null = !token
    ? { kind: 'error', message: MESSAGES.confirmEmail.invalidLink }
    : answer?.token === token
      ? answer.outcome
      : null;

  useEffect(() => {
    if (outcome?.kind !== 'success') return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), CONFIRM_EMAIL_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome?.kind, navigate]);

  return (
    <AuthShell eyebrow="Your account" title="Email confirmation">
      {!outcome ? <Spinner label={MESSAGES.confirmEmail.verifying} /> : null}
      {outcome?.kind === 'success' ? (
        <>
          <div className="result-panel" role="status">
            <span className="result-panel__icon result-panel__icon--success">
              <CheckIcon size={32} />
            </span>
            <p className="result-panel__lead">{MESSAGES.confirmEmail.success}</p>
          </div>
          <div className="form__actions">
            <Link to="/login" className="button button--primary">
              Go to Login
            </Link>
          </div>
        </>
      ) : null}
      {outcome?.kind === 'error' ? (
        <>
          <div className="result-panel" role="alert">
            <span className="result-panel__icon result-panel__icon--error">
              <WarningIcon size={32} />
            </span>
            <p className="result-panel__lead">{outcome.message}</p>
          </div>
          <div className="form__actions">
            <Link to="/login" className="button button--primary">
              Go to Login
            </Link>
            <Link to="/support" className="button button--ghost">
              Get help
            </Link>
          </div>
        </>
      ) : null}
    </AuthShell>
  );
}
