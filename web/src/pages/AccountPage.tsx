import { useAuth } from '../auth/AuthProvider';
import { useDocumentTitle } from '../lib/use-document-title';
import { BillingSection } from './account/BillingSection';
import { EmailSection } from './account/EmailSection';
import { PasswordSection } from './account/PasswordSection';
import { PhoneSection } from './account/PhoneSection';
import { SecondFactorSection } from './account/SecondFactorSection';

/**
 * /account (any signed-in user): the e-mail (read-only until Change email, which asks for the current
 * password), a password change, and for garages the contact phone and the Billing section (status, next
 * billing date, card, Manage billing, Subscribe), and two-step verification for everyone.
 */
export function AccountPage() {
  useDocumentTitle('Account settings');
  const { user } = useAuth();
  if (!user) return null;
  const isGarage = user.userType === 'garage';

  return (
    <div className="account-page">
      <section className="page-hero page-hero--compact" aria-labelledby="account-title">
        <div className="container narrow">
          <p className="eyebrow eyebrow--on-dark">
            {isGarage ? 'Garage account' : user.userType === 'admin' ? 'Administrator' : 'Account'}
          </p>
          <h1 id="account-title">Account settings</h1>
        </div>
      </section>
      <div className="container narrow account-page__body">
        <EmailSection user={user} />
        {isGarage ? <BillingSection /> : null}
        {isGarage ? <PhoneSection user={user} /> : null}
        <PasswordSection user={user} />
        <SecondFactorSection />
      </div>
    </div>
  );
}
