import { createTokenVerifier, migrationsBeside, startService } from '@sh/shared/server';
import { buildRecordsApp } from './app.js';
import { createIdentityClient } from './clients/identity.js';
import { readConfig } from './config.js';
import { chainWaitingRecords } from './domain/chain-waiting-records.js';
import { loadReceiptSigner } from './domain/signing-key.js';
import { recordsEventHandlers } from './events/handlers.js';

const config = readConfig();
await startService({
  name: 'records',
  config,
  database: { migrationsDir: migrationsBeside(import.meta.url), poolSize: 20 },
  consumes: { service: 'records', handlers: recordsEventHandlers },
  prepare: async ({ pool, logger }) => {
    const signer = await loadReceiptSigner(pool, config.RECORDS_SIGNING_KEY, logger);
    await chainWaitingRecords(pool, signer, logger);
    return signer;
  },
  app: ({ pool, redis, logger }, signer) =>
    buildRecordsApp({
      pool,
      redis,
      logger,
      signer,
      verifier: createTokenVerifier({ publicKey: config.JWT_PUBLIC_KEY, identityUrl: config.IDENTITY_URL }),
      identity: createIdentityClient({ baseUrl: config.IDENTITY_URL, internalToken: config.INTERNAL_TOKEN }),
    }),
});
