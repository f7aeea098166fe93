import { Link } from 'react-router-dom';
import { useSubscription } from '../auth/SubscriptionProvider';
import { useBillingPortal } from '../lib/use-billing-portal';
import { FormAlert } from './FormAlert';

/** What a past-due garage's way on reads: its card is mended in the billing portal. */
export const UPDATE_CARD_LABEL = 'Update payment details';

/** A button that opens the billing portal, with why it did not open. */
export function BillingPortalButton({ className, children }: { className: string; children: string }) {
  const portal = useBillingPortal();
  return (
    <>
      {portal.error ? <FormAlert tone="error">{portal.error}</FormAlert> : null}
      <button
        type="button"
        className={className}
        disabled={portal.isOpening}
        aria-busy={portal.isOpening}
        onClick={() => void portal.open()}
      >
        {children}
      </button>
    </>
  );
}

/**
 * The way on for a garage without an entitled subscription (docs/product.md#the-road-from-signup-to-paying): one whose
 * payment failed (past due) goes to the billing portal to fix its card, never to a new checkout the server refuses;
 * any other goes to the subscription-required page.
 */
export function SubscribeAction({ label, className }: { label: string; className: string }) {
  const { subscription } = useSubscription();
  if (subscription?.subscription_status === 'past_due') {
    return <BillingPortalButton className={className}>{UPDATE_CARD_LABEL}</BillingPortalButton>;
  }
  return (
    <Link to="/subscription" className={className}>
      {label}
    </Link>
  );
}
