import { PLATFORM_FIGURES_MAX_AGE_SECONDS, type TPlatformFigures } from '@sh/shared/contract';
import type { Pool } from '@sh/shared/server';
import { countPlatformFigures } from '../store/count-platform-figures.js';
import { serviceDateFor } from './service-date.js';

/** The 12 months to today on the UK calendar, both days included: from the day after today's date a year ago. */
export function lastTwelveMonths(now: Date): { from: string; to: string } {
  const to = serviceDateFor(now);
  const [year, month, day] = to.split('-').map(Number) as [number, number, number];
  const from = new Date(Date.UTC(year - 1, month - 1, day + 1)).toISOString().slice(0, 10);
  return { from, to };
}

/**
 * The figures the site states (issue 26), counted at most every PLATFORM_FIGURES_MAX_AGE_SECONDS per instance: one
 * count at a time, and every caller in the meantime gets the kept answer, so the public call stays cheap.
 */
export function createPlatformFigures(pool: Pool, now: () => Date = () => new Date()): () => Promise<TPlatformFigures> {
  let kept: { figures: TPlatformFigures; at: number } | null = null;
  let counting: Promise<TPlatformFigures> | null = null;
  const count = async (): Promise<TPlatformFigures> => {
    const at = now();
    const period = lastTwelveMonths(at);
    const figures = { ...(await countPlatformFigures(pool, period)), period, countedAt: at.toISOString() };
    kept = { figures, at: at.getTime() };
    return figures;
  };
  return () => {
    if (kept && now().getTime() - kept.at < PLATFORM_FIGURES_MAX_AGE_SECONDS * 1000)
      return Promise.resolve(kept.figures);
    counting ??= count().finally(() => {
      counting = null;
    });
    return counting;
  };
}
