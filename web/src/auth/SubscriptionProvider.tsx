import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TGarageSubscription } from '@sh/shared/contract';
import { fetchSubscription } from '../api/billing';
import { messageOf } from '../lib/error-message';
import { isEntitled } from '../lib/subscription';
import { useAuth } from './AuthProvider';

/** The signed-in garage's subscription, as the header, dashboard, pricing and account pages need it. */
export type TSubscriptionContextValue = {
  /** `idle` when nobody or a non-garage is signed in. */
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  subscription: TGarageSubscription | null;
  /** The last fetch's error message (a subscription loaded before is kept). */
  error: string | null;
  /** Active or trialing (docs/product.md#the-plan: being entitled changes the navigation and the dashboard). */
  hasActiveSubscription: boolean;
  /** Fetches the subscription again, e.g. after a checkout. */
  refresh: () => Promise<void>;
};

const SubscriptionContext = createContext<TSubscriptionContextValue | null>(null);

type TAnswer = { garageId: string; subscription: TGarageSubscription | null; error: string | null };

/** Fetches billing/subscription for a signed-in garage: when the garage changes, and when refresh is called. */
export function SubscriptionProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const garageId = user?.userType === 'garage' ? user.id : null;
  const [answer, setAnswer] = useState<TAnswer | null>(null);
  // Only the latest request may answer, so a slow first fetch cannot overwrite a refresh.
  const latestRequest = useRef(0);

  const load = useCallback(async (forGarageId: string, signal?: AbortSignal) => {
    const request = ++latestRequest.current;
    try {
      const subscription = await fetchSubscription(null, { signal });
      if (request === latestRequest.current) setAnswer({ garageId: forGarageId, subscription, error: null });
    } catch (error) {
      if (signal?.aborted || request !== latestRequest.current) return;
      console.error('Could not load the subscription', error);
      setAnswer((previous) => ({
        garageId: forGarageId,
        subscription: previous?.garageId === forGarageId ? previous.subscription : null,
        error: messageOf(error),
      }));
    }
  }, []);

  useEffect(() => {
    if (!garageId) return;
    const controller = new AbortController();
    void load(garageId, controller.signal);
    return () => controller.abort();
  }, [garageId, load]);

  const refresh = useCallback(async () => {
    if (garageId) await load(garageId);
  }, [garageId, load]);

  const value = useMemo<TSubscriptionContextValue>(() => {
    const mine = garageId && answer?.garageId === garageId ? answer : null;
    const subscription = mine?.subscription ?? null;
    const status = !garageId ? 'idle' : !mine ? 'loading' : mine.error && !subscription ? 'failed' : 'loaded';
    return {
      status,
      subscription,
      error: mine?.error ?? null,
      hasActiveSubscription: subscription !== null && isEntitled(subscription.subscription_status),
      refresh,
    };
  }, [garageId, answer, refresh]);

  return <SubscriptionContext.Provider value={value}>{children}</SubscriptionContext.Provider>;
}

/** The subscription context; throws outside a SubscriptionProvider. */
export function useSubscription(): TSubscriptionContextValue {
  const value = useContext(SubscriptionContext);
  if (!value) throw new Error('useSubscription must be used within a SubscriptionProvider');
  return value;
}
