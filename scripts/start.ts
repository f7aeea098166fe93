/**
 * `npm start`: checks Postgres and Redis, builds the web app when its build is missing or stale, migrates,
 * seeds the demo data, starts the local doubles, every service and the gateway, prints where to go, and
 * stops everything cleanly on Ctrl-C.
 */
import {
  availableServices,
  exitUnlessInfrastructure,
  POSTGRES_URL as postgresUrl,
  REDIS_URL as redisUrl,
  stackPorts,
  startStack,
} from '@sh/shared/launcher';
import { BRAND } from '../packages/shared/src/contract/brand.js';
import { withRenamedVariables } from '../packages/shared/src/server/config.js';
import { variablesForServices } from './configuration.js';
import { buildWebIfStale } from './web-build.js';
import { prepareDatabases, seedAccounts, seedDemoData, seedGarages } from './seed.js';

// A variable set under its old name (BULLMQ_PREFIX) is read, and handed on, under its new one, with a warning.
const env = withRenamedVariables(process.env, (message) => console.warn(message));
const port = Number(process.env.PORT ?? 8080);

await exitUnlessInfrastructure();

try {
  buildWebIfStale();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
// SH_DATABASE_SUFFIX keeps a second stack's databases apart (the start-command test uses it).
const databaseSuffix = process.env.SH_DATABASE_SUFFIX ?? '';
await prepareDatabases(postgresUrl, databaseSuffix);
// The demo records are signed with the key records will sign with: RECORDS_SIGNING_KEY when set (it is handed to the
// services below), otherwise the development key in records' database.
const seeded = await seedDemoData(postgresUrl, databaseSuffix, availableServices(), {
  recordsSigningKey: process.env.RECORDS_SIGNING_KEY || undefined,
});
const accounts = seedAccounts();
const demoGarage = seedGarages().find((g) => g.id === accounts.garage.garage_id);

const stack = await startStack({
  ports: stackPorts(port, Number(process.env.SH_PORT_OFFSET ?? 0)),
  postgresUrl,
  redisUrl,
  databaseSuffix,
  redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'sh',
  logLevel: process.env.LOG_LEVEL ?? 'warn',
  gatewayHost: process.env.HOST,
  relaunchOnCrash: true,
  env: { ADMIN_EMAIL: accounts.admin.email, ADMIN_PASSWORD: accounts.admin.password, ...variablesForServices(env) },
}).catch((error: Error) => {
  console.error(`Cannot start: ${error.message}`);
  process.exit(1);
});

console.log(`
${BRAND.name} is running at ${stack.urls.gateway}

  Services:        ${stack.services.join(', ')} behind the gateway
  API docs:        ${stack.urls.gateway}/api/v1/docs
  Mail inbox:      ${stack.urls.smtpInbox}   (every e-mail the platform sends in development)
  Stripe double:   ${stack.urls.stripeDouble}   (test card 4242 4242 4242 4242; its dashboard moves subscriptions on)
  Demo data:       ${seeded.join('; ') || 'nothing to seed'}
  Try a lookup:    ${stack.urls.gateway}/vehicle-results?reg=AD61HCX   (more in data/seed/README.md)
  Demo admin:      ${process.env.ADMIN_EMAIL ? `${process.env.ADMIN_EMAIL} (from ADMIN_EMAIL and ADMIN_PASSWORD)` : `${accounts.admin.email} / ${accounts.admin.password}`}
  Demo garage:     ${demoGarage?.email ?? '(none)'} / ${accounts.garage.password}

Press Ctrl-C to stop.
`);

let isStopping = false;
const shutdown = async () => {
  if (isStopping) return;
  isStopping = true;
  console.log('\nStopping...');
  await stack.stop();
  console.log('Stopped.');
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
// Started by scripts/prepare-machine.mjs: if it dies, however it dies, the channel closes and the stack stops.
process.once('disconnect', () => void shutdown());
