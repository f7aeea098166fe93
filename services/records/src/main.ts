import {
  createLookupAnswers,
  forgetAnswersOfOtherDatabases,
  keepEveryAnswerPublished,
  type LookupAnswers,
  publishEveryAnswer,
} from '@sh/shared/lookup-cache';
import {
  createPool,
  createRequestRedis,
  createRevokedUsers,
  createTokenBucketLimiter,
  createTokenVerifier,
  type DatabaseServiceContext,
  migrationsBeside,
  type Redis,
  runUnlessLocked,
  startRetentionJob,
  startService,
  type TokenBucketOptions,
} from '@sh/shared/server';
import { buildRecordsApp } from './app.js';
import { createDvlaClient, DVLA_LIMITS } from './clients/dvla.js';
import { createDvsaClient, DVSA_LIMITS } from './clients/dvsa.js';
import { createIdentityClient } from './clients/identity.js';
import { databaseReadUrl, readConfig } from './config.js';
import { appendMissingLogEntries } from './domain/append-missing-log-entries.js';
import { checkReadReplica } from './domain/check-read-replica.js';
import { eraseCustomerContactPastRetention } from './domain/erase-expired-customer-contact.js';
import { startCheckpointIssuer } from './domain/issue-checkpoint.js';
import { loadLogSigner } from './domain/log-signer.js';
import { lookupHistoriesOf } from './domain/lookup-histories.js';
import { createMissReader } from './domain/read-misses.js';
import { writePositionReader } from './domain/write-positions.js';
import { registerRecordsMetrics } from './metrics.js';
import { loadReceiptSigner } from './domain/signing-key.js';
import { createVehicleSourceCache } from './domain/vehicle-source-cache.js';
import { createRecordsEventHandlers } from './events/handlers.js';
import { startImportFinisher } from './domain/record-import/seal-import-batch.js';

const config = readConfig();
/** The advisory lock a pass publishing every lookup answer holds (727274 the migrations, 727277 the checkpoints). */
const PREWARM_LOCK = 727_278;

/**
 * An outside source's allowance (its rate and calls a day) for every records instance at once: one bucket in Redis,
 * since DVLA's and DVSA's quotas are per key, so that made-up registrations cannot spend them.
 */
const allowanceKey = (source: 'dvla' | 'dvsa') => `${config.REDIS_KEY_PREFIX}:${source}-allowance`;
const sourceAllowance = (redis: Redis, source: 'dvla' | 'dvsa', limits: Omit<TokenBucketOptions, 'key'>) =>
  createTokenBucketLimiter(redis, { key: allowanceKey(source), ...limits });

const readUrl = databaseReadUrl(config);
/**
 * The read replica of DATABASE_READ_URL, where lookup misses read when it is caught up (domain/read-misses.ts): a pool
 * as large as the primary's, which gives up on a connection within a second, since the primary is there instead.
 */
const replica = readUrl ? createPool(readUrl, 20, { connectionTimeoutMillis: 1000 }) : undefined;

let lookupAnswers: LookupAnswers | undefined;
/** The process's lookup answers: the routes build them, and writes and garage events mark them stale. */
const lookupAnswersOf = ({ pool, redis, logger }: DatabaseServiceContext) =>
  (lookupAnswers ??= createLookupAnswers({
    histories: lookupHistoriesOf(pool, createMissReader({ primary: pool, replica, logger })),
    redis,
    prefix: config.REDIS_KEY_PREFIX,
    logger,
    writePosition: writePositionReader(pool),
    encoding: config.LOOKUP_ANSWERS_ENCODING,
  }));
await startService({
  name: 'records',
  config,
  database: { migrationsDir: migrationsBeside(import.meta.url), poolSize: 20 },
  consumes: {
    service: 'records',
    handlers: (context) =>
      createRecordsEventHandlers({ lookupAnswers: lookupAnswersOf(context), logger: context.logger }),
  },
  prepare: async ({ pool, redis: requestRedis, logger }) => {
    const signer = await loadReceiptSigner(pool, config.RECORDS_SIGNING_KEY, logger);
    const log = await loadLogSigner(config.LOG_ORIGIN, config.LOG_SIGNING_KEY);
    // Entries stored before the transparency log join it, in their order of entry. Nothing else is sealed here: only
    // the service's own write paths add chain entries (issue 23), so a record stored straight into the database stays
    // outside its chain, and verification reports it.
    await appendMissingLogEntries(pool, logger);
    if (replica) await checkReadReplica(pool, replica, logger);
    await forgetAnswersOfOtherDatabases(pool, requestRedis, config.REDIS_KEY_PREFIX).then(
      (forgotten) =>
        forgotten !== null && logger.info({ forgotten }, 'lookup answers published for another database were deleted'),
      (error: unknown) =>
        logger.warn(
          { err: error },
          "could not check which database Redis's published lookup answers belong to (Redis away); they are checked at the next start",
        ),
    );
    logger.info(
      { origin: log.origin, verifierKey: log.verifierKey },
      'transparency log checkpoints are signed with this key',
    );
    const checkpoints = startCheckpointIssuer(pool, log, config.LOG_CHECKPOINT_INTERVAL_MS, logger);
    // Imports whose sealer went away between batches are finished here, on whichever replica takes them first.
    const imports = startImportFinisher({ pool, signer, batchRows: config.RECORD_IMPORT_BATCH_ROWS }, logger);
    registerRecordsMetrics({
      pool,
      redis: requestRedis,
      logger,
      allowances: [
        { source: 'dvla', key: allowanceKey('dvla'), perDay: config.DVLA_DAILY_ALLOWANCE },
        { source: 'dvsa', key: allowanceKey('dvsa'), perDay: config.DVSA_DAILY_ALLOWANCE },
      ],
    });
    // Customer contact past its retention period is erased every hour, once across replicas (docs/product.md#retention).
    const retention = startRetentionJob({
      service: 'records',
      pool,
      redisUrl: config.REDIS_URL,
      prefix: config.REDIS_KEY_PREFIX,
      logger,
      erase: eraseCustomerContactPastRetention,
    });
    // A first run at start-up, so a backlog is erased before the first scheduled time.
    retention.runNow().catch((error: unknown) => logger.warn({ err: error }, 'the retention job failed at start-up'));
    // At shutdown the key history hears of the last signatures (its period: domain/signing-key.ts).
    if (!config.LOOKUP_ANSWERS_PREWARM)
      return {
        signer,
        log,
        closers: [
          () => retention.close(),
          () => checkpoints.stop(),
          () => imports.stop(),
          () => signer.close(),
          () => replica?.end(),
        ],
      };
    // On a connection of its own, so that its batches never queue ahead of a lookup's commands.
    const redis = createRequestRedis(config.REDIS_URL, { commandTimeoutMs: 5000 });
    // One replica walks the register at a time (docs/deployment.md#replicas): the answers it publishes serve them all.
    const publishing = keepEveryAnswerPublished(async ({ stopped }) => {
      const pass = await runUnlessLocked(pool, PREWARM_LOCK, () =>
        publishEveryAnswer({
          histories: lookupHistoriesOf(pool),
          redis,
          prefix: config.REDIS_KEY_PREFIX,
          stopped,
          encoding: config.LOOKUP_ANSWERS_ENCODING,
        }),
      );
      if (!pass.ran) logger.info('another replica is publishing every lookup answer; this one skips the pass');
      return pass.ran ? pass.value : 0;
    }, logger);
    return {
      signer,
      log,
      closers: [
        () => retention.close(),
        () => checkpoints.stop(),
        () => imports.stop(),
        () => publishing.stop(),
        () => redis.quit(),
        () => signer.close(),
        () => replica?.end(),
      ],
    };
  },
  closers: ({ closers }) => closers,
  app: (context, { signer, log }) =>
    buildRecordsApp({
      pool: context.pool,
      redis: context.redis,
      logger: context.logger,
      signer,
      verifier: createTokenVerifier({
        publicKey: config.JWT_PUBLIC_KEY,
        identityUrl: config.IDENTITY_URL,
        revokedUsers: createRevokedUsers(context.redis, config.REDIS_KEY_PREFIX),
      }),
      identity: createIdentityClient({ baseUrl: config.IDENTITY_URL, internalToken: config.INTERNAL_TOKEN }),
      internalToken: config.INTERNAL_TOKEN,
      queue: { redisUrl: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX },
      vehicleReport: {
        dvla: createDvlaClient({
          baseUrl: config.DVLA_API_URL,
          apiKey: config.DVLA_API_KEY,
          limiter: sourceAllowance(context.redis, 'dvla', { ...DVLA_LIMITS, perDay: config.DVLA_DAILY_ALLOWANCE }),
        }),
        dvsa: createDvsaClient({
          apiUrl: config.DVSA_API_URL,
          tokenUrl: config.DVSA_TOKEN_URL,
          scope: config.DVSA_SCOPE,
          clientId: config.DVSA_CLIENT_ID,
          clientSecret: config.DVSA_CLIENT_SECRET,
          apiKey: config.DVSA_API_KEY,
          limiter: sourceAllowance(context.redis, 'dvsa', { ...DVSA_LIMITS, perDay: config.DVSA_DAILY_ALLOWANCE }),
        }),
        cache: createVehicleSourceCache(context.redis, { keyPrefix: `${config.REDIS_KEY_PREFIX}:vehicle-source` }),
      },
      lookupAnswers: lookupAnswersOf(context),
      log,
      importBatchRows: config.RECORD_IMPORT_BATCH_ROWS,
      exportLimits: {
        perGarage: config.RECORD_EXPORTS_PER_GARAGE,
        deadlineMs: config.RECORD_EXPORT_DEADLINE_MS,
        statementTimeoutMs: config.RECORD_EXPORT_STATEMENT_TIMEOUT_MS,
      },
    }),
});
