import { useState } from 'react';
import { MESSAGES } from '@sh/shared/contract';
import { createBillingPortalSession } from '../api/billing';
import { sendBrowserTo } from './browser-location';
import { messageOf } from './error-message';

/**
 * Opens the garage's Stripe billing portal (POST billing/portal, then the browser goes to its address): where a
 * garage changes its card, mends a failed payment or cancels. `error` says why it did not open.
 */
export function useBillingPortal(): { open: () => Promise<void>; isOpening: boolean; error: string | null } {
  const [isOpening, setIsOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function open() {
    setError(null);
    setIsOpening(true);
    try {
      sendBrowserTo(await createBillingPortalSession());
      // The browser is on its way to the portal; the button stays busy until it leaves.
    } catch (caught) {
      setIsOpening(false);
      setError(messageOf(caught, MESSAGES.billing.portalFailed));
    }
  }

  return { open, isOpening, error };
}
