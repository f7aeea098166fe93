import type { TPlanProduct } from '@sh/shared/contract';
import { fetchPlans } from '../api/billing';
import { messageOf } from './error-message';
import { useApiData } from './use-api-data';

export type TPlansState =
  | { status: 'loading' }
  | { status: 'loaded'; products: TPlanProduct[] }
  | { status: 'failed'; message: string; retry: () => void };

/** The plan catalogue (GET billing/plans), loaded once per page. */
export function usePlans(): TPlansState {
  const plans = useApiData((signal) => fetchPlans({ signal }), []);
  if (plans.status === 'loaded') return { status: 'loaded', products: plans.data };
  if (plans.status === 'failed') return { status: 'failed', message: messageOf(plans.error), retry: plans.retry };
  return { status: 'loading' };
}
