import { lazy, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ZLoginRequestSchema, type TSecondFactorStep, type TUserType } from '@sh/shared/contract';
import { useAuth } from '../auth/AuthProvider';
import { AuthShell } from '../components/AuthShell';
import { EmailField } from '../components/EmailField';
import { PasswordField } from '../components/PasswordField';
import { SchemaForm } from '../components/SchemaForm';
import { useDocumentTitle } from '../lib/use-document-title';
import { FormRejection, useSchemaForm } from '../lib/use-schema-form';
import { SecondFactorCodeStep } from './login/SecondFactorCodeStep';
import { SecondFactorEnrolmentStep } from './login/SecondFactorEnrolmentStep';

/** Where a signed-in user of each type belongs (docs/product.md#login); null for anyone else. */
export function homePathFor(userType: TUserType | null): string | null {
  if (userType === 'admin') return '/admin';
  if (userType === 'garage' || userType === 'technician') return '/garage';
  return null;
}

/** /accept-invite (docs/product.md#the-garages-team): its own chunk, reached through the login page's. */
const AcceptInvitePage = lazy(() =>
  import('./AcceptInvitePage').then((module) => ({ default: module.AcceptInvitePage })),
);

/**
 * /login, and /accept-invite where a technician first chooses the password they will log in with. */
export function LoginPage() {
  return useLocation().pathname === '/accept-invite' ? <AcceptInvitePage /> : <LogInForm />;
}

/**
 * /login: e-mail and password; admins go to /admin, garages to /garage, anyone else is told why not. A user with
 * two-step verification on is then asked for a code, and an admin who must have it and has not is sent to set it up.
 */
function LogInForm() {
  useDocumentTitle('Log in');
  const auth = useAuth();
  const navigate = useNavigate();
  const [secondFactor, setSecondFactor] = useState<TSecondFactorStep | null>(null);
  const goHome = (userType: TUserType) => navigate(homePathFor(userType) ?? '/', { replace: true });
  const form = useSchemaForm({
    initialValues: { email: '', password: '' },
    schema: ZLoginRequestSchema,
    onSubmit: async ({ email, password }) => {
      const result = await auth.login(email, password);
      if (!result.success && result.secondFactor) return setSecondFactor(result.secondFactor);
      if (!result.success) throw new FormRejection({}, result.message);
      goHome(result.userType);
    },
  });
  // From the submit until the page changes, the form stays busy.
  const isBusy = form.status !== 'editing' && !secondFactor;

  // Already signed in as an admin or a garage: straight on (also where the route guard sends wrong-type visits).
  const signedInHome = homePathFor(auth.userType);
  if (signedInHome && !isBusy && !secondFactor) return <Navigate to={signedInHome} replace />;

  if (secondFactor && 'challenge' in secondFactor) {
    return (
      <AuthShell
        eyebrow="Two-step verification"
        title="Enter your code"
        lead="Enter the code from your authenticator app to finish signing in."
      >
        <SecondFactorCodeStep challenge={secondFactor.challenge} onSignedIn={(result) => goHome(result.userType)} />
      </AuthShell>
    );
  }
  if (secondFactor) {
    return (
      <AuthShell
        eyebrow="Two-step verification"
        title="Set up two-step verification"
        lead="Your account needs a second step at sign-in before you can go on."
      >
        <SecondFactorEnrolmentStep
          enrolmentToken={secondFactor.enrolmentToken}
          onSignedIn={(result) => goHome(result.userType)}
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell eyebrow="For garages" title="Log in" lead="Sign in to log services and manage your garage's account.">
      <SchemaForm form={form} label="Log in" isBusy={isBusy} submitLabel={isBusy ? 'Logging in...' : 'Log in'}>
        <EmailField aria-required="true" {...form.bindField('email')} />
        <PasswordField label="Password" aria-required="true" {...form.bindField('password')} />
        <p className="form__aside">
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
      </SchemaForm>
      <p className="auth-card__footer">
        New to the platform? <Link to="/signup">Sign Up</Link>
      </p>
    </AuthShell>
  );
}
