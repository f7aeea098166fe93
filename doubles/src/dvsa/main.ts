/**
 * Runs the DVSA MOT History double (and its token endpoint) on its own: `npx tsx doubles/src/dvsa/main.ts`. Listens
 * on 4013 unless DVSA_DOUBLE_PORT says otherwise, serves data/seed/vehicles.json, and takes the credentials records
 * sends: DVSA_CLIENT_ID, DVSA_CLIENT_SECRET and DVSA_API_KEY (development values by default).
 */
import { runDouble } from '../dvla/run.js';
import { DEV_DVSA_API_KEY, DEV_DVSA_CLIENT_ID, DEV_DVSA_CLIENT_SECRET, startDvsaDouble } from './server.js';

await runDouble('dvsa-double', 'DVSA_DOUBLE_PORT', 4013, (port, host) =>
  startDvsaDouble({
    port,
    host,
    clientId: process.env.DVSA_CLIENT_ID || DEV_DVSA_CLIENT_ID,
    clientSecret: process.env.DVSA_CLIENT_SECRET || DEV_DVSA_CLIENT_SECRET,
    apiKey: process.env.DVSA_API_KEY || DEV_DVSA_API_KEY,
  }),
);
