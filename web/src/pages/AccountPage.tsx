import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  ZUkPhoneSchema,
  type TGarageProfile,
} from '@sh/shared/contract';
import { createBillingPortalSession, fetchPlans } from '../api/billing';
import { fetchMyGarage, updatePhone } from '../api/garages';
import { updatePassword } from '../api/identity';
import { useAuth } from '../auth/AuthProvider';
import { useSubscription } from '../auth/SubscriptionProvider';
import type { TAuthUser } from '../auth/auth-store';
import { FormAlert } from '../components/FormAlert';
import { FormField } from '../components/FormField';
import { PhoneField } from '../components/PhoneField';
import { CardIcon } from '../components/icons';
import { Spinner } from '../components/Spinner';
import { sendBrowserTo } from '../lib/browser-location';
import { buildCheckoutPath } from '../lib/checkout';
import { fieldErrorsOf, messageOf } from '../lib/error-message';
import { formatUnixDate } from '../lib/format';
import { toPhoneInput } from '../lib/signup-form';
import { describeCard, subscriptionStatusLabel, subscriptionStatusTone } from '../lib/subscription';
import { useDocumentTitle } from '../lib/use-document-title';

type TFeedback = { tone: 'error' | 'success'; message: string } | null;

/**
 * /account (any signed-in user): the e-mail (read-only), a password change, and for garages the contact
 * phone and the Billing section (status, next billing date, card, Manage billing, Subscribe).
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
          <p className="eyebrow eyebrow--on-dark">{isGarage ? 'Garage account' : user.userType === 'admin' ? 'Administrator' : 'Account'}</p>
          <h1 id="account-title">Account settings</h1>
        </div>
      </section>
      <div className="container narrow account-page__body">
        <SettingsCard title="Account details" id="account-details">
          <FormField label="Email" type="email" value={user.email} readOnly hint="Your sign-in address. It cannot be changed here." />
        </SettingsCard>
        {isGarage ? <BillingSection /> : null}
        {isGarage ? <PhoneSection user={user} /> : null}
        <PasswordSection user={user} />
      </div>
    </div>
  );
}

function SettingsCard({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="card settings-card" aria-labelledby={id}>
      <h2 id={id} className="settings-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function PasswordSection({ user }: { user: TAuthUser }) {
  const { adoptSession } = useAuth();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [currentPasswordError, setCurrentPasswordError] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<TFeedback>(null);
  const [isSaving, setIsSaving] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setCurrentPasswordError(null);
    const problem = !currentPassword || !newPassword || !confirmPassword
      ? MESSAGES.settings.fillPasswordFields
      : newPassword !== confirmPassword
        ? MESSAGES.settings.newPasswordsMismatch
        : newPassword.length < PASSWORD_MIN_LENGTH
          ? MESSAGES.settings.newPasswordTooShort
          : null;
    if (problem) {
      setFeedback({ tone: 'error', message: problem });
      return;
    }
    setFeedback(null);
    setIsSaving(true);
    try {
      const answer = await updatePassword(user.id, { currentPassword, password: newPassword });
      // Every other session of the user ended; this one carries on with the fresh session answered.
      if (answer.data.session) adoptSession(answer.data.session);
      setCurrentPassword('');
      setNewPassword('');
      setConfirmPassword('');
      setFeedback({ tone: 'success', message: answer.message ?? MESSAGES.identity.passwordUpdated });
    } catch (error) {
      const message = messageOf(error, MESSAGES.settings.passwordFailed);
      const onCurrent = fieldErrorsOf(error).currentPassword;
      if (onCurrent) setCurrentPasswordError(onCurrent);
      if (onCurrent !== message) setFeedback({ tone: 'error', message });
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <SettingsCard title="Change password" id="password-title">
      <form className="form" noValidate onSubmit={handleSubmit} aria-labelledby="password-title">
        {feedback ? <FormAlert tone={feedback.tone}>{feedback.message}</FormAlert> : null}
        <FormField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          error={currentPasswordError}
          onChange={(event) => {
            setCurrentPassword(event.target.value);
            setCurrentPasswordError(null);
          }}
        />
        <div className="form__grid">
          <FormField
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
          />
          <FormField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            hint="Type the new password again"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
          />
        </div>
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={isSaving} aria-busy={isSaving}>
            Update password
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}

function PhoneSection({ user }: { user: TAuthUser }) {
  const [profile, setProfile] = useState<TGarageProfile | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [phone, setPhone] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<TFeedback>(null);
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchMyGarage({ signal: controller.signal }).then(
      (garage) => {
        setProfile(garage);
        setPhone(toPhoneInput(garage.phone));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadError(messageOf(error));
      },
    );
    return () => controller.abort();
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFeedback(null);
    const parsed = ZUkPhoneSchema.safeParse(phone);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? MESSAGES.signup.phoneInvalid);
      return;
    }
    setIsSaving(true);
    try {
      const answer = await updatePhone(user.id, parsed.data);
      setPhone(toPhoneInput(answer.data.phone));
      setFeedback({ tone: 'success', message: answer.message ?? MESSAGES.garages.phoneUpdated });
    } catch (error) {
      const onPhone = fieldErrorsOf(error).phone;
      if (onPhone) setFieldError(onPhone);
      else setFeedback({ tone: 'error', message: messageOf(error, MESSAGES.settings.phoneFailed) });
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <SettingsCard title="Garage contact" id="phone-title">
      {loadError ? <FormAlert tone="error">{loadError}</FormAlert> : null}
      {profile ? (
        <p className="settings-card__lead">
          <strong>{profile.name}</strong>
          <br />
          {profile.address}
        </p>
      ) : null}
      <form className="form" noValidate onSubmit={handleSubmit} aria-labelledby="phone-title">
        {feedback ? <FormAlert tone={feedback.tone}>{feedback.message}</FormAlert> : null}
        <PhoneField
          value={phone}
          disabled={!profile && !loadError}
          error={fieldError}
          onPhoneChange={(digits) => {
            setPhone(digits);
            setFieldError(null);
          }}
        />
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={isSaving || !profile} aria-busy={isSaving}>
            Update phone
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}

function BillingSection() {
  const { status, subscription, error } = useSubscription();
  const navigate = useNavigate();
  const [actionError, setActionError] = useState<string | null>(null);
  const [busyAction, setBusyAction] = useState<'portal' | 'subscribe' | null>(null);

  async function openPortal() {
    setActionError(null);
    setBusyAction('portal');
    try {
      sendBrowserTo(await createBillingPortalSession());
    } catch (caught) {
      setBusyAction(null);
      setActionError(messageOf(caught, MESSAGES.billing.portalFailed));
    }
  }

  async function subscribe() {
    setBusyAction('subscribe');
    const products = await fetchPlans().catch(() => []);
    const first = products[0];
    navigate(first ? buildCheckoutPath(first.priceId) : '/pricing');
  }

  if (status === 'loading' || status === 'idle') {
    return (
      <SettingsCard title="Billing" id="billing-title">
        <Spinner label="Loading your subscription…" />
      </SettingsCard>
    );
  }
  if (!subscription) {
    return (
      <SettingsCard title="Billing" id="billing-title">
        <FormAlert tone="error">{error ?? MESSAGES.platform.internal}</FormAlert>
      </SettingsCard>
    );
  }

  const periodEnd = formatUnixDate(subscription.current_period_end);
  const card = describeCard(subscription.payment_method_brand, subscription.payment_method_last4);
  const canSubscribe = subscription.subscription_status === 'inactive' || subscription.subscription_status === 'canceled';
  const tone = subscriptionStatusTone(subscription.subscription_status);

  return (
    <SettingsCard title="Billing" id="billing-title">
      {actionError ? <FormAlert tone="error">{actionError}</FormAlert> : null}
      <dl className="summary-list">
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`status-badge status-badge--${tone}`}>{subscriptionStatusLabel(subscription.subscription_status)}</span>
          </dd>
        </div>
        {periodEnd && !canSubscribe ? (
          <div>
            <dt>{subscription.cancel_at_period_end ? 'Plan ends on' : 'Next billing date'}</dt>
            <dd>{periodEnd}</dd>
          </div>
        ) : null}
        {card ? (
          <div>
            <dt>Card</dt>
            <dd className="summary-list__card">
              <CardIcon size={20} />
              {card}
            </dd>
          </div>
        ) : null}
      </dl>
      {canSubscribe ? (
        <p className="settings-card__lead">Subscribe to add service records. Your existing records stay visible either way.</p>
      ) : null}
      <div className="form__actions">
        {canSubscribe ? (
          <button
            type="button"
            className="button button--primary"
            disabled={busyAction !== null}
            aria-busy={busyAction === 'subscribe'}
            onClick={() => void subscribe()}
          >
            Subscribe
          </button>
        ) : null}
        {subscription.customer_id ? (
          <button
            type="button"
            className={`button ${canSubscribe ? 'button--ghost' : 'button--primary'}`}
            disabled={busyAction !== null}
            aria-busy={busyAction === 'portal'}
            onClick={() => void openPortal()}
          >
            Manage billing
          </button>
        ) : null}
      </div>
    </SettingsCard>
  );
}
