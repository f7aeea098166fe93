/**
 * `npm run events:replay [-- <event id> ...]`: re-delivers events.
 *
 * With no argument, every dead event (one a consumer gave up on: BullMQ's failed set of its queue) of every service
 * queue goes round again with fresh attempts. With event ids, each of those events goes again to every service that
 * subscribes to it, from its job in Redis or else from the outbox of whichever service database holds it.
 * Consumers are idempotent by event id, so replaying an event they have applied changes nothing.
 *
 * Reads REDIS_URL, REDIS_KEY_PREFIX, POSTGRES_URL and SH_DATABASE_SUFFIX as `npm start` does.
 */
import pg from 'pg';
import { LOCAL_DATABASES, replayEvents, withRenamedVariables, type ReplayOutcome } from '@sh/shared/server';
import {
  availableServices,
  databaseUrl,
  POSTGRES_URL as postgresUrl,
  REDIS_URL as redisUrl,
} from '@sh/shared/launcher';

const prefix = withRenamedVariables(process.env, (message) => console.warn(message)).REDIS_KEY_PREFIX ?? 'sh';
const databaseSuffix = process.env.SH_DATABASE_SUFFIX ?? '';
const eventIds = process.argv.slice(2);

/** The outbox of every service database on the server that exists; a database not created yet is skipped. */
async function openOutboxes(): Promise<pg.Pool[]> {
  const pools: pg.Pool[] = [];
  for (const service of availableServices()) {
    const pool = new pg.Pool({
      connectionString: databaseUrl(postgresUrl, `${LOCAL_DATABASES[service]}${databaseSuffix}`),
      max: 1,
      connectionTimeoutMillis: 5000,
    });
    pool.on('error', () => undefined);
    const isThere = await pool.query('SELECT 1 FROM event_outbox LIMIT 1').then(
      () => true,
      (error: Error) => {
        console.error(`Skipping ${service}'s outbox: ${error.message}`);
        return false;
      },
    );
    if (isThere) pools.push(pool);
    else await pool.end();
  }
  return pools;
}

function formatOutcome(outcome: ReplayOutcome): string {
  return 'service' in outcome
    ? `${outcome.eventId}  ${outcome.service}  ${outcome.outcome}`
    : `${outcome.eventId}  ${outcome.outcome}`;
}

const outboxes = eventIds.length > 0 ? await openOutboxes() : [];
try {
  const outcomes = await replayEvents({
    redisUrl,
    prefix,
    eventIds: eventIds.length > 0 ? eventIds : undefined,
    outboxes,
  });
  if (outcomes.length === 0) console.log('No dead events: nothing to replay.');
  for (const outcome of outcomes) console.log(formatOutcome(outcome));
  const isAllDone = outcomes.every((outcome) => outcome.outcome !== 'not found');
  process.exitCode = isAllDone ? 0 : 1;
} catch (error) {
  console.error(`Cannot replay: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await Promise.all(outboxes.map((pool) => pool.end()));
}
