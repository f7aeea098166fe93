/** Whether the machine's Postgres and Redis answer, and what to run when they do not. */
import pg from 'pg';
import { Redis } from 'ioredis';
import { databaseUrl } from './ports.js';

/** The one script that starts this machine's Postgres and Redis (scripts/start-databases.sh), as a user runs it. */
export const START_DATABASES_SCRIPT = 'scripts/start-databases.sh';

/** The Postgres server and the Redis the launched processes use: the environment's, or this machine's. */
export const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A database on that Postgres server. */
export function machineDatabaseUrl(database: string): string {
  return databaseUrl(POSTGRES_URL, database);
}

/** Ends the process, saying what to start, when Postgres or Redis does not answer. */
export async function exitUnlessInfrastructure(postgresUrl = POSTGRES_URL, redisUrl = REDIS_URL): Promise<void> {
  const problems = await checkInfrastructure(postgresUrl, redisUrl);
  if (problems.length === 0) return;
  console.error(`Cannot start: ${problems.join('\n')}`);
  process.exit(1);
}

/** Says which of Postgres and Redis cannot be reached, and how to start it on this kind of machine. */
export async function checkInfrastructure(postgresUrl: string, redisUrl: string): Promise<string[]> {
  const problems: string[] = [];
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    problems.push(
      `Postgres is not reachable at ${redact(postgresUrl)} (${(error as Error).message}).\n` +
        `  Start it with: ${START_DATABASES_SCRIPT} --postgres`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 3000,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    const port = new URL(redisUrl).port || '6379';
    problems.push(
      `Redis is not reachable at ${redisUrl} (${(error as Error).message}).\n` +
        `  Start it with: ${START_DATABASES_SCRIPT} --redis${port === '6379' ? '' : ` --redis-port ${port}`}`,
    );
  } finally {
    redis.disconnect();
  }
  return problems;
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
