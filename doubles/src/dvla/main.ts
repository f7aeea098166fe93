/**
 * Runs the DVLA Vehicle Enquiry double on its own: `npx tsx doubles/src/dvla/main.ts`. Listens on 4012 unless
 * DVLA_DOUBLE_PORT says otherwise, serves data/seed/vehicles.json, and takes the key in DVLA_API_KEY (the one records
 * sends; default dev-dvla-key).
 */
import { runDouble } from './run.js';
import { DEV_DVLA_API_KEY, startDvlaDouble } from './server.js';

await runDouble('dvla-double', 'DVLA_DOUBLE_PORT', 4012, (port, host) =>
  startDvlaDouble({ port, host, apiKey: process.env.DVLA_API_KEY || DEV_DVLA_API_KEY }),
);
