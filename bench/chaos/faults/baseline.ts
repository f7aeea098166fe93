/** The baseline: the load alone, no fault, to compare the faults' rows with. */
import { sleep } from '../settings.js';
import type { FaultsOf } from './fault.js';

export const baseline: FaultsOf = () => [
  {
    name: 'baseline (no fault)',
    inject: async () => {
      await sleep(6000);
    },
  },
];
