/**
 * The pages `npm run check:lighthouse` measures (issue 26: fast on a phone), in one place, with the scores each must
 * reach. Paths only: the check starts its own stack with the demo seed (data/seed/README.md) and joins them to it.
 */
import { seedAccounts, seedGarages } from '@sh/shared/seed-data';

/** Lighthouse's default (mobile) scores, 0-100, that the median of the runs of every page must reach. */
export const LIGHTHOUSE_MINIMUM = { performance: 90, accessibility: 100 } as const;

/** How many times each page is measured; its median is the figure checked (the scores move from run to run). */
export const LIGHTHOUSE_RUNS = 3;

/** How a garage's name becomes its profile's slug: lower case, words joined by hyphens. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The demo garage's profile (Hartley Motors Ltd, the garage the demo sign-in belongs to). LIGHTHOUSE_GARAGE_PATH
 * names another page when the slugs are made otherwise.
 */
export function garageProfilePath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.LIGHTHOUSE_GARAGE_PATH) return env.LIGHTHOUSE_GARAGE_PATH;
  const demo = seedGarages().find((garage) => garage.id === seedAccounts().garage.garage_id);
  if (!demo) throw new Error('The demo garage is missing from data/seed/garages.json');
  return `/garages/${slugOf(demo.name)}`;
}

export interface LighthousePage {
  name: string;
  path: string;
}

export function lighthousePages(env: NodeJS.ProcessEnv = process.env): LighthousePage[] {
  return [
    { name: 'Home', path: '/' },
    { name: 'Lookup', path: '/lookup' },
    { name: 'Results', path: '/vehicle-results?reg=AD61HCX' },
    { name: 'Find a garage', path: '/garages/find' },
    { name: 'Garage profile', path: garageProfilePath(env) },
  ];
}
