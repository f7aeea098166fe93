import { lazy, Suspense, useState } from 'react';
import { Spinner } from '../../components/Spinner';
import { SettingsCard } from './SettingsCard';

const SecondFactorSettings = lazy(() => import('../../components/second-factor/SecondFactorSettings'));

/**
 * Two-step verification on the account page, for every signed-in user (required of admins in production). Its
 * settings (status, set-up, turning off) load on the user's word, in a chunk of their own.
 */
export function SecondFactorSection() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <SettingsCard title="Two-step verification" id="second-factor-title">
      {isOpen ? (
        <Suspense fallback={<Spinner label="Loading two-step verification" />}>
          <SecondFactorSettings />
        </Suspense>
      ) : (
        <>
          <p className="settings-card__lead">
            Protect your account with a second step at sign-in: after your password, a 6-digit code from an
            authenticator app on your phone.
          </p>
          <p>
            <button
              type="button"
              className="button button--ghost"
              aria-expanded="false"
              onClick={() => setIsOpen(true)}
            >
              Manage two-step verification
            </button>
          </p>
        </>
      )}
    </SettingsCard>
  );
}
