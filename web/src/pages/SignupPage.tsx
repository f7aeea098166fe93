import { Link } from 'react-router-dom';
import { MESSAGES, PLAN } from '@sh/shared/contract';
import { AuthShell } from '../components/AuthShell';
import { FormAlert } from '../components/FormAlert';
import { SchemaForm } from '../components/SchemaForm';
import { useDocumentTitle } from '../lib/use-document-title';
import { DetailsSection, GarageSection, ReferralSection } from './signup/SignupSections';
import { useSignup } from './signup/use-signup';

/** /signup: garage registration (docs/product.md#signup); see useSignup for the rules. */
export function SignupPage() {
  useDocumentTitle('Register your garage');
  const signup = useSignup();
  const { form } = signup;

  return (
    <AuthShell
      isWide
      eyebrow="For garages"
      title="Register your garage"
      lead={`Create your account, then start your ${PLAN.trialDays}-day free trial. We check your company with Companies House.`}
    >
      {form.status === 'submitted' ? (
        <FormAlert tone="success">{MESSAGES.signup.success}</FormAlert>
      ) : (
        <SchemaForm form={form} label="Register your garage" submitLabel="Create account">
          <p className="form__note">All fields are required unless marked optional.</p>
          <GarageSection signup={signup} />
          <DetailsSection signup={signup} />
          <ReferralSection signup={signup} />
        </SchemaForm>
      )}
      <p className="auth-card__footer">
        Already registered? <Link to="/login">Log in</Link>
      </p>
    </AuthShell>
  );
}
