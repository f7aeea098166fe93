import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES, type TGarageSubscription } from '@sh/shared/contract';
import { fetchPlans } from '../../api/billing';
import { useSubscription } from '../../auth/SubscriptionProvider';
import { FormAlert } from '../../components/FormAlert';
import { CardIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { buildCheckoutPath } from '../../lib/checkout';
import { formatUnixDate } from '../../lib/format';
import { useBillingPortal } from '../../lib/use-billing-portal';
import { describeCard, subscriptionStatusLabel, subscriptionStatusTone } from '../../lib/subscription';
import { SettingsCard } from './SettingsCard';

/** Billing (garages): the subscription's status, next billing date and card, with Manage billing and Subscribe. */
export function BillingSection() {
  const { status, subscription, error } = useSubscription();
  return (
    <SettingsCard title="Billing" id="billing-title">
      {status === 'loading' || status === 'idle' ? (
        <Spinner label="Loading your subscription…" />
      ) : subscription ? (
        <BillingDetails subscription={subscription} />
      ) : (
        <FormAlert tone="error">{error ?? MESSAGES.platform.internal}</FormAlert>
      )}
    </SettingsCard>
  );
}

function BillingDetails({ subscription }: { subscription: TGarageSubscription }) {
  const navigate = useNavigate();
  const portal = useBillingPortal();
  const [isSubscribing, setIsSubscribing] = useState(false);
  const isBusy = isSubscribing || portal.isOpening;
  const periodEnd = formatUnixDate(subscription.current_period_end);
  const card = describeCard(subscription.payment_method_brand, subscription.payment_method_last4);
  const canSubscribe =
    subscription.subscription_status === 'inactive' || subscription.subscription_status === 'canceled';

  async function subscribe() {
    setIsSubscribing(true);
    const products = await fetchPlans().catch(() => []);
    const first = products[0];
    navigate(first ? buildCheckoutPath(first.priceId) : '/pricing');
  }

  return (
    <>
      {portal.error ? <FormAlert tone="error">{portal.error}</FormAlert> : null}
      <dl className="summary-list">
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`status-badge status-badge--${subscriptionStatusTone(subscription.subscription_status)}`}>
              {subscriptionStatusLabel(subscription.subscription_status)}
            </span>
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
        <p className="settings-card__lead">
          Subscribe to add service records. Your existing records stay visible either way.
        </p>
      ) : null}
      <div className="form__actions">
        {canSubscribe ? (
          <button
            type="button"
            className="button button--primary"
            disabled={isBusy}
            aria-busy={isSubscribing}
            onClick={() => void subscribe()}
          >
            Subscribe
          </button>
        ) : null}
        {subscription.customer_id ? (
          <button
            type="button"
            className={`button ${canSubscribe ? 'button--ghost' : 'button--primary'}`}
            disabled={isBusy}
            aria-busy={portal.isOpening}
            onClick={() => void portal.open()}
          >
            Manage billing
          </button>
        ) : null}
      </div>
    </>
  );
}
