import { Link } from 'react-router-dom';
import { MESSAGES, RESET_EMAIL_MINUTES, ZForgotPasswordRequestSchema } from '@sh/shared/contract';
import { requestPasswordReset } from '../api/identity';
import { AuthShell } from '../components/AuthShell';
import { EmailField } from '../components/EmailField';
import { ResultPanel } from '../components/ResultPanel';
import { SchemaForm } from '../components/SchemaForm';
import { useDocumentTitle } from '../lib/use-document-title';
import { useSchemaForm } from '../lib/use-schema-form';

/** /forgot-password: asks for a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const form = useSchemaForm({
    initialValues: { email: '' },
    schema: ZForgotPasswordRequestSchema,
    failureMessage: MESSAGES.forgotPassword.failed,
    onSubmit: async ({ email }) => {
      await requestPasswordReset(email);
      return email;
    },
  });
  const sentTo = form.result;

  if (sentTo) {
    return (
      <AuthShell eyebrow="Account recovery" title="Check Your Email">
        <ResultPanel
          tone="success"
          lead={
            <>
              If an account exists for <strong>{sentTo}</strong>, we have sent it a link to reset the password.
            </>
          }
          actions={
            <>
              <button type="button" className="button button--ghost" onClick={() => form.reset(form.values)}>
                Try Again
              </button>
              <Link to="/login" className="button button--primary">
                Back to Login
              </Link>
            </>
          }
        >
          <p>
            The email should arrive within {RESET_EMAIL_MINUTES} minutes. If it does not, check your spam or junk
            folder, or try again. The link works once and expires after an hour.
          </p>
        </ResultPanel>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      eyebrow="Account recovery"
      title="Forgot your password?"
      lead="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <SchemaForm form={form} label="Request a password reset" submitLabel="Send reset link">
        <EmailField aria-required="true" {...form.bindField('email')} />
      </SchemaForm>
      <p className="auth-card__footer">
        Remembered it? <Link to="/login">Back to Login</Link>
      </p>
    </AuthShell>
  );
}
