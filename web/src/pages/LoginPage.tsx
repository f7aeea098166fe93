import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { ZLoginRequestSchema, type TUserType } from '@sh/shared/contract';
import { useAuth } from '../auth/AuthProvider';
import { AuthShell } from '../components/AuthShell';
import { FormAlert } from '../components/FormAlert';
import { FormField } from '../components/FormField';
import { useDocumentTitle } from '../lib/use-document-title';

/** Where a signed-in user of each type belongs (SPEC.md section 2, Login); null for anyone else. */
export function homePathFor(userType: TUserType | null): string | null {
  if (userType === 'admin') return '/admin';
  if (userType === 'garage') return '/garage';
  return null;
}

type TFieldErrors = Partial<Record<'email' | 'password', string>>;

/** /login: e-mail and password; admins go to /admin, garages to /garage, anyone else is told why not. */
export function LoginPage() {
  useDocumentTitle('Log in');
  const auth = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // Already signed in as an admin or a garage: straight on (also where the route guard sends wrong-type visits).
  const signedInHome = homePathFor(auth.userType);
  if (signedInHome && !isSubmitting) return <Navigate to={signedInHome} replace />;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = ZLoginRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      const errors: TFieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      (errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setFieldErrors({});
    setIsSubmitting(true);
    const result = await auth.login(email, password);
    if (result.success) {
      navigate(homePathFor(result.userType) ?? '/', { replace: true });
      return;
    }
    setIsSubmitting(false);
    setFormError(result.message);
  }

  return (
    <AuthShell eyebrow="For garages" title="Log in" lead="Sign in to log services and manage your garage's account.">
      <form className="form" noValidate onSubmit={handleSubmit} aria-label="Log in">
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
        <FormField
          ref={emailRef}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          aria-required="true"
          value={email}
          error={fieldErrors.email}
          onChange={(event) => {
            setEmail(event.target.value);
            setFieldErrors((current) => ({ ...current, email: undefined }));
          }}
        />
        <FormField
          ref={passwordRef}
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          aria-required="true"
          value={password}
          error={fieldErrors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            setFieldErrors((current) => ({ ...current, password: undefined }));
          }}
        />
        <p className="form__aside">
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
        <button type="submit" className="button button--primary button--large form__submit" disabled={isSubmitting}>
          {isSubmitting ? 'Logging in...' : 'Log in'}
        </button>
      </form>
      <p className="auth-card__footer">
        New to the platform? <Link to="/signup">Sign Up</Link>
      </p>
    </AuthShell>
  );
}
