import { useEffect, useState } from 'react';
import type { TPlanProduct } from '@sh/shared/contract';
import { fetchPlans } from '../api/billing';
import { messageOf } from './error-message';

export type TPlansState =
  | { status: 'loading' }
  | { status: 'loaded'; products: TPlanProduct[] }
  | { status: 'failed'; message: string; retry: () => void };

/** The plan catalogue (GET billing/plans), loaded once per page. */
export function usePlans(): TPlansState {
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ attempt: number; state: TPlansState } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchPlans({ signal: controller.signal }).then(
      (products) => setAnswer({ attempt, state: { status: 'loaded', products } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({
          attempt,
          state: { status: 'failed', message: messageOf(error), retry: () => setAttempt((n) => n + 1) },
        });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  return answer?.attempt === attempt ? answer.state : { status: 'loading' };
}
