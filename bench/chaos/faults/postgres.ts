/** This machine's Postgres restarted under load (every database on it: run it when nothing else needs them). */
import { restartPostgres } from '../infrastructure.js';
import type { FaultsOf } from './fault.js';

export const postgres: FaultsOf = () => [
  {
    name: 'Postgres restarted',
    inject: async (phase) => {
      const ms = await restartPostgres();
      phase.notes.push(`pg_ctlcluster restart took ${(ms / 1000).toFixed(1)} s`);
    },
  },
];
