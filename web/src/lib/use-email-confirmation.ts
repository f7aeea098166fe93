import { useEffect, useState } from 'react';
import type { TMeResponse } from '@sh/shared/contract';
import { fetchCurrentUser } from '../api/identity';
import { useApiData } from './use-api-data';

/** How long a page waiting for the e-mail confirmation waits, while it is on screen, before asking again. */
export const CONFIRMATION_POLL_MS = 4000;

/** The channel on which the confirmation page tells this site's other tabs that an address was just confirmed. */
const CHANNEL = 'wrenchmark:email-confirmed';

/** Tells the site's other tabs (a checkout page waiting for it, say) that an address was just confirmed. */
export function announceEmailConfirmed(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('confirmed');
  channel.close();
}

export type TEmailConfirmation =
  | { status: 'loading' | 'confirmed' }
  | { status: 'unconfirmed'; email: string }
  | { status: 'failed'; error: unknown; retry: () => void };

/**
 * Whether the signed-in user's e-mail is confirmed (GET auth/me), kept live while it is not
 * (docs/product.md#the-road-from-signup-to-paying): asked again every CONFIRMATION_POLL_MS while the page is visible
 * (never while it is hidden, never two requests at once), at once when the page comes back into view, and at once
 * when the confirmation page in another tab announces a confirmation. It stops asking once confirmed or unmounted.
 */
export function useEmailConfirmation(): TEmailConfirmation {
  const [round, setRound] = useState(0);
  const me = useApiData((signal) => fetchCurrentUser({ signal }), [round]);
  const [known, setKnown] = useState<TMeResponse['data'] | null>(null);
  if (me.status === 'loaded' && me.data !== known) setKnown(me.data);

  const isWaiting = known !== null && !known.emailConfirmed;
  const isAsking = me.status === 'loading';
  useEffect(() => {
    if (!isWaiting || isAsking) return;
    const askAgain = () => setRound((count) => count + 1);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onVisibility = () => {
      clearTimeout(timer);
      if (document.visibilityState === 'visible') askAgain();
    };
    if (document.visibilityState === 'visible') timer = setTimeout(askAgain, CONFIRMATION_POLL_MS);
    document.addEventListener('visibilitychange', onVisibility);
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    if (channel) channel.onmessage = askAgain;
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      channel?.close();
    };
  }, [isWaiting, isAsking, round]);

  if (!known)
    return me.status === 'failed' ? { status: 'failed', error: me.error, retry: me.retry } : { status: 'loading' };
  return known.emailConfirmed ? { status: 'confirmed' } : { status: 'unconfirmed', email: known.email };
}
