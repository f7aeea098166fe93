import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES, RESET_EMAIL_MINUTES, ZForgotPasswordRequestSchema } from '@sh/shared/contract';
import { requestPasswordReset } from '../api/identity';
import { AuthShell } from '../components/AuthShell';
import { FormAlert } from '../components/FormAlert';
import { FormField } from '../components/FormField';
import { CheckIcon } from '../components/icons';
import { messageOf } from '../lib/error-message';
import { useDocumentTitle } from '../lib/use-document-title';

/** /forgot-password: asks for a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = ZForgotPasswordRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? MESSAGES.signup.emailInvalid);
      emailRef.current?.focus();
      return;
    }
    setIsSubmitting(true);
    try {
      await requestPasswordReset(parsed.data.email);
      setSentTo(parsed.data.email);
    } catch (error) {
      setFormError(messageOf(error, MESSAGES.forgotPassword.failed));
    } finally {
      setIsSubmitting(false);
    }
  }

  if (sentTo) {
    return (
      <AuthShell eyebrow="Account recovery" title="Check Your Email">
        <div className="result-panel" role="status">
          <span className="result-panel__icon result-panel__icon--success">
            <CheckIcon size={32} />
          </span>
          <p className="result-panel__lead">
            If an account exists for <strong>{sentTo}</strong>, we have sent it a link to reset the password.
          </p>
          <p>
            The email should arrive within {RESET_EMAIL_MINUTES} minutes. If it does not, check your spam or junk
            folder, or try again. The link works once and expires after an hour.
          </p>
        </div>
        <div className="form__actions">
          <button type="button" className="button button--ghost" onClick={() => setSentTo(null)}>
            Try Again
          </button>
          <Link to="/login" className="button button--primary">
            Back to Login
          </Link>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      eyebrow="Account recovery"
      title="Forgot your password?"
      lead="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <form className="form" noValidate onSubmit={handleSubmit} aria-label="Request a password reset">
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
        <FormField
          ref={emailRef}
          label="Email"
          type="email"
          name="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          aria-required="true"
          value={email}
          error={fieldError}
          onChange={(event) => {
            setEmail(event.target.value);
            setFieldError(null);
          }}
        />
        <button type="submit" className="button button--primary button--large form__submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          Send reset link
        </button>
      </form>
      <p className="auth-card__footer">
        Remembered it? <Link to="/login">Back to Login</Link>
      </p>
    </AuthShell>
  );
}
