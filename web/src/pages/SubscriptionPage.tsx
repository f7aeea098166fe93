import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES, PLAN, PAST_DUE_MESSAGES } from '@sh/shared/contract';
import { fetchPlans } from '../api/billing';
import { useAuth } from '../auth/AuthProvider';
import { useSubscription } from '../auth/SubscriptionProvider';
import { FormAlert } from '../components/FormAlert';
import { CheckList } from '../components/CheckList';
import { LockIcon, SearchIcon } from '../components/icons';
import { HeroPage } from '../components/HeroPage';
import { BillingPortalButton, UPDATE_CARD_LABEL } from '../components/SubscribeAction';
import { buildCheckoutPath } from '../lib/checkout';
import { vatNote } from '../lib/company-details';
import { formatPrice } from '../lib/format';
import { messageOf } from '../lib/error-message';
import { useDocumentTitle } from '../lib/use-document-title';

const INCLUDED = [
  'Unlimited service records',
  'Public vehicle lookup of your work',
  'Your garage’s name on every record, linked to your own garage page',
  'Export your records as CSV or JSON',
  'Email support',
  `${PLAN.trialDays}-day free trial`,
] as const;

/**
 * /subscription: where the dashboard and the add-service wizard send a garage without an entitled subscription
 * (docs/product.md#the-road-from-signup-to-paying). Subscribe goes to the checkout of the catalogue's first plan for a
 * signed-in garage, to /garage for a subscribed one and to /signup for anyone else; a garage whose payment failed is
 * offered the billing portal instead.
 */
export function SubscriptionPage() {
  useDocumentTitle('Subscription required');
  const auth = useAuth();
  const subscription = useSubscription();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const isPastDue = subscription.subscription?.subscription_status === 'past_due';

  // The road goes on through the checkout page, which says what is missing first (an unconfirmed e-mail, say).
  async function handleSubscribe() {
    if (auth.user?.userType !== 'garage') {
      navigate('/signup');
      return;
    }
    if (subscription.hasActiveSubscription) {
      navigate('/garage');
      return;
    }
    setError(null);
    setIsStarting(true);
    try {
      const [plan] = await fetchPlans();
      navigate(plan ? buildCheckoutPath(plan.priceId) : '/pricing');
    } catch (caught) {
      setIsStarting(false);
      setError(messageOf(caught, MESSAGES.checkout.startFailed));
    }
  }

  return (
    <HeroPage
      isCompact
      eyebrow="Subscription required"
      title="Subscribe to log service records"
      lead="Adding records to vehicle histories is part of the Professional Plan. Searching stays free for everyone."
    >
      <article className="card plan-card plan-card--inline" aria-labelledby="subscription-plan-name">
        <div>
          <h2 id="subscription-plan-name" className="plan-card__name">
            {PLAN.name}
          </h2>
          <p className="plan-card__price">
            <span className="plan-card__amount">{formatPrice(PLAN.amountMinor, PLAN.currency)}</span>
            <span className="plan-card__interval">/{PLAN.interval}</span>
          </p>
          <p className="plan-card__vat">Price {vatNote()}.</p>
          <CheckList items={INCLUDED} />
        </div>
        <div className="plan-card__side">
          {isPastDue ? (
            <>
              <FormAlert tone="info">{PAST_DUE_MESSAGES.pastDueNotice}</FormAlert>
              <BillingPortalButton className="button button--primary button--large">
                {UPDATE_CARD_LABEL}
              </BillingPortalButton>
            </>
          ) : (
            <>
              {error ? <FormAlert tone="error">{error}</FormAlert> : null}
              <button
                type="button"
                className="button button--primary button--large"
                disabled={isStarting || auth.status === 'loading'}
                aria-busy={isStarting}
                onClick={() => void handleSubscribe()}
              >
                <LockIcon size={18} />
                Subscribe
              </button>
            </>
          )}
          <p className="plan-card__trial">Cancel any time. No contract.</p>
        </div>
      </article>
      <p className="subscription-lookup">
        <SearchIcon size={18} />
        <span>
          Just checking a vehicle? <Link to="/lookup">Search service histories for free</Link>
        </span>
      </p>
    </HeroPage>
  );
}
