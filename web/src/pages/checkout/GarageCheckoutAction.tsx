import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES, type TPlanProduct, PAST_DUE_MESSAGES } from '@sh/shared/contract';
import { useSubscription } from '../../auth/SubscriptionProvider';
import { EmailConfirmationNotice } from '../../components/EmailConfirmationNotice';
import { FormAlert } from '../../components/FormAlert';
import { LockIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { BillingPortalButton, UPDATE_CARD_LABEL } from '../../components/SubscribeAction';
import { CheckoutStartError, startCheckout } from '../../lib/checkout';
import { vatNote } from '../../lib/company-details';
import { messageOf } from '../../lib/error-message';
import { formatPricePerInterval } from '../../lib/format';
import { useEmailConfirmation } from '../../lib/use-email-confirmation';

/**
 * The checkout's payment panel for a signed-in garage, by where it is on the road to paying
 * (docs/product.md#the-road-from-signup-to-paying): a garage whose payment failed is sent to the billing portal, a
 * subscribed one to its dashboard, one whose e-mail is not confirmed yet is told so before the click (and the panel
 * moves on by itself once it is), and any other gets Subscribe Now.
 */
export function GarageCheckoutAction({ product, email }: { product: TPlanProduct; email: string }) {
  const subscription = useSubscription();
  const confirmation = useEmailConfirmation();

  if (subscription.status === 'loading' || confirmation.status === 'loading') {
    return <Spinner label="Checking your account…" />;
  }
  if (subscription.subscription?.subscription_status === 'past_due') return <PastDuePanel />;
  if (subscription.hasActiveSubscription) {
    return (
      <div className="checkout-panel__signin">
        <h2>You are subscribed</h2>
        <p>{MESSAGES.billing.alreadySubscribed}</p>
        <div className="form__actions">
          <Link to="/garage" className="button button--primary">
            Go to your dashboard
          </Link>
        </div>
      </div>
    );
  }
  if (confirmation.status === 'failed') {
    return (
      <div className="checkout-panel__signin">
        <FormAlert tone="error">{messageOf(confirmation.error)}</FormAlert>
        <button type="button" className="button button--primary" onClick={confirmation.retry}>
          Try again
        </button>
      </div>
    );
  }
  if (confirmation.status === 'unconfirmed') {
    return (
      <EmailConfirmationNotice className="checkout-panel__confirm">
        We sent a confirmation link to <strong>{confirmation.email}</strong>. Follow it to continue to payment: this
        page moves on by itself once your address is confirmed.
      </EmailConfirmationNotice>
    );
  }
  return <PaymentPanel product={product} email={email} />;
}

/** A past-due garage mends its card in the billing portal; a new checkout would be refused. */
function PastDuePanel() {
  return (
    <div className="checkout-panel__signin">
      <h2>Your last payment failed</h2>
      <p>{PAST_DUE_MESSAGES.paymentPastDue}</p>
      <div className="form__actions">
        <BillingPortalButton className="button button--primary">{UPDATE_CARD_LABEL}</BillingPortalButton>
      </div>
    </div>
  );
}

/** Subscribe Now: the browser goes to Stripe's checkout page. */
function PaymentPanel({ product, email }: { product: TPlanProduct; email: string }) {
  const [failure, setFailure] = useState<CheckoutStartError | null>(null);
  const [isStarting, setIsStarting] = useState(false);

  async function handleSubscribe() {
    setFailure(null);
    setIsStarting(true);
    try {
      await startCheckout(product.priceId, email);
      // The browser is on its way to the payment page; the button stays busy until it leaves.
    } catch (caught) {
      setIsStarting(false);
      setFailure(caught instanceof CheckoutStartError ? caught : new CheckoutStartError(MESSAGES.checkout.startFailed));
    }
  }

  return (
    <div className="checkout-panel__action">
      <h2>Payment</h2>
      <dl className="summary-list">
        <div>
          <dt>Account</dt>
          <dd>{email}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>
            {formatPricePerInterval(product.price, product.currency, product.interval)} ({vatNote()})
          </dd>
        </div>
      </dl>
      {failure?.code === 'email_not_confirmed' ? (
        <EmailConfirmationNotice headingLevel={3} isAnnounced>
          {failure.message}
        </EmailConfirmationNotice>
      ) : failure ? (
        <FormAlert tone="error">{failure.message}</FormAlert>
      ) : null}
      <button
        type="button"
        className="button button--primary button--large checkout-panel__subscribe"
        disabled={isStarting}
        aria-busy={isStarting}
        onClick={() => void handleSubscribe()}
      >
        <LockIcon size={18} />
        Subscribe Now
      </button>
      <p className="checkout-panel__note">You will pay securely on our payment provider’s page.</p>
    </div>
  );
}
