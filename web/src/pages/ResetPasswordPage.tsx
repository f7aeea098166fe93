import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MESSAGES, PASSWORD_MIN_LENGTH, RESET_REDIRECT_MS } from '@sh/shared/contract';
import { resetPassword } from '../api/identity';
import { AuthShell } from '../components/AuthShell';
import { FormAlert } from '../components/FormAlert';
import { FormField } from '../components/FormField';
import { CheckIcon, WarningIcon } from '../components/icons';
import { messageOf } from '../lib/error-message';
import { useDocumentTitle } from '../lib/use-document-title';

type TErrors = { password?: string; confirmPassword?: string };

/**
 * /reset-password?token=: chooses a new password with the e-mailed link's token (SPEC.md section 5: at
 * least 6 characters, no capital letter needed), then goes to /login after 3 seconds.
 */
export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const [searchParams] = useSearchParams();
  const token = (searchParams.get('token') ?? '').trim();
  if (!token) return <InvalidResetLink />;
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'editing' | 'submitting' | 'done'>('editing');
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (phase !== 'done') return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const found: TErrors = {};
    if (password.length < PASSWORD_MIN_LENGTH) found.password = MESSAGES.resetPassword.tooShort;
    if (confirmPassword !== password) found.confirmPassword = MESSAGES.resetPassword.mismatch;
    setErrors(found);
    if (found.password || found.confirmPassword) {
      (found.password ? passwordRef : confirmRef).current?.focus();
      return;
    }
    setPhase('submitting');
    try {
      await resetPassword({ token, password });
      setPhase('done');
    } catch (error) {
      setPhase('editing');
      setFormError(messageOf(error, MESSAGES.resetPassword.failed));
    }
  }

  if (phase === 'done') {
    return (
      <AuthShell eyebrow="Account recovery" title={MESSAGES.resetPassword.success}>
        <div className="result-panel" role="status">
          <span className="result-panel__icon result-panel__icon--success">
            <CheckIcon size={32} />
          </span>
          <p className="result-panel__lead">You can now log in with your new password.</p>
          <p>Taking you to the login page in {RESET_REDIRECT_MS / 1000} seconds…</p>
        </div>
        <div className="form__actions">
          <Link to="/login" className="button button--primary">
            Go to Login
          </Link>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell eyebrow="Account recovery" title="Choose a new password" lead="Use at least 6 characters.">
      <form className="form" noValidate onSubmit={handleSubmit} aria-label="Choose a new password">
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
        <FormField
          ref={passwordRef}
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          aria-required="true"
          value={password}
          error={errors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors((current) => ({ ...current, password: undefined }));
          }}
        />
        <FormField
          ref={confirmRef}
          label="Confirm new password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          aria-required="true"
          value={confirmPassword}
          error={errors.confirmPassword}
          onChange={(event) => {
            setConfirmPassword(event.target.value);
            setErrors((current) => ({ ...current, confirmPassword: undefined }));
          }}
        />
        <button
          type="submit"
          className="button button--primary button--large form__submit"
          disabled={phase === 'submitting'}
          aria-busy={phase === 'submitting'}
        >
          Reset password
        </button>
      </form>
    </AuthShell>
  );
}

function InvalidResetLink() {
  return (
    <AuthShell eyebrow="Account recovery" title="Reset password">
      <div className="result-panel" role="alert">
        <span className="result-panel__icon result-panel__icon--error">
          <WarningIcon size={32} />
        </span>
        <p className="result-panel__lead">{MESSAGES.resetPassword.invalidLink}</p>
      </div>
      <div className="form__actions">
        <Link to="/forgot-password" className="button button--primary">
          Request a new link
        </Link>
        <Link to="/login" className="button button--ghost">
          Back to Login
        </Link>
      </div>
    </AuthShell>
  );
}
