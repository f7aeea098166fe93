import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MESSAGES, RESET_REDIRECT_MS } from '@sh/shared/contract';
import { resetPassword } from '../api/identity';
import { AuthShell } from '../components/AuthShell';
import { NewPasswordFields } from '../components/PasswordField';
import { ResultPanel } from '../components/ResultPanel';
import { SchemaForm } from '../components/SchemaForm';
import { ZResetPasswordFormSchema } from '../lib/form-schemas';
import { useDocumentTitle } from '../lib/use-document-title';
import { useSchemaForm } from '../lib/use-schema-form';

/**
 * /reset-password?token=: chooses a new password with the e-mailed link's token (docs/product.md#password-reset: at
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
  const form = useSchemaForm({
    initialValues: { password: '', confirmPassword: '' },
    schema: ZResetPasswordFormSchema,
    toInput: (values) => ({ token, ...values }),
    failureMessage: MESSAGES.resetPassword.failed,
    onSubmit: async (request) => {
      await resetPassword(request);
    },
  });
  const isDone = form.status === 'submitted';

  useEffect(() => {
    if (!isDone) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isDone, navigate]);

  if (isDone) {
    return (
      <AuthShell eyebrow="Account recovery" title={MESSAGES.resetPassword.success}>
        <ResultPanel
          tone="success"
          lead="You can now log in with your new password."
          actions={
            <Link to="/login" className="button button--primary">
              Go to Login
            </Link>
          }
        >
          <p>Taking you to the login page in {RESET_REDIRECT_MS / 1000} seconds…</p>
        </ResultPanel>
      </AuthShell>
    );
  }

  return (
    <AuthShell eyebrow="Account recovery" title="Choose a new password" lead="Use at least 6 characters.">
      <SchemaForm form={form} label="Choose a new password" submitLabel="Reset password">
        <NewPasswordFields
          isRequired
          password={form.bindField('password')}
          confirmation={form.bindField('confirmPassword')}
        />
      </SchemaForm>
    </AuthShell>
  );
}

function InvalidResetLink() {
  return (
    <AuthShell eyebrow="Account recovery" title="Reset password">
      <ResultPanel
        tone="error"
        lead={MESSAGES.resetPassword.invalidLink}
        actions={
          <>
            <Link to="/forgot-password" className="button button--primary">
              Request a new link
            </Link>
            <Link to="/login" className="button button--ghost">
              Back to Login
            </Link>
          </>
        }
      />
    </AuthShell>
  );
}
