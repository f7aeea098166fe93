/**
 * Which Postgres and Redis `npm test` runs every test against (docs/operations.md#tests), decided once by
 * `chooseTestServers`:
 * 1. the environment's, when it names one (TEST_POSTGRES_URL, TEST_REDIS_URL, POSTGRES_URL or REDIS_URL);
 * 2. otherwise, where a Docker engine answers, Postgres 15 and Redis 7 in containers of the run's own, started with
 *    testcontainers and removed when the run ends;
 * 3. otherwise this machine's servers, as scripts/start-databases.sh starts them.
 */
import { START_DATABASES_SCRIPT } from '@sh/shared/launcher';

/** This machine's servers: the defaults of @sh/shared/testing and of `npm start` alike. */
export const MACHINE_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const MACHINE_REDIS_URL = 'redis://127.0.0.1:6379';

/** The images of the containers: the major versions of a machine of this kind (Debian 12's Postgres 15, Redis 7). */
export const POSTGRES_IMAGE = 'postgres:15';
export const REDIS_IMAGE = 'redis:7';

/** The variables that name the test servers; any one of them set means "these servers, start none". */
export const SERVER_VARIABLES = ['TEST_POSTGRES_URL', 'TEST_REDIS_URL', 'POSTGRES_URL', 'REDIS_URL'] as const;

/** How long the probe waits for a Docker engine to answer before it takes the answer to be "none". */
export const DOCKER_PROBE_TIMEOUT_MS = 5000;

export interface StartedServers {
  postgresUrl: string;
  redisUrl: string;
  stop(): Promise<void>;
}

export interface TestServers extends StartedServers {
  source: 'environment' | 'containers' | 'machine';
  /** What every test process gets on top of the environment: the URLs under each name the tests read. */
  env: Record<string, string>;
  /** One line saying which servers the tests use. */
  notice: string;
}

export interface TestServerDependencies {
  /** Whether a Docker engine answers (`probeDockerEngine`). */
  probeDocker: () => Promise<boolean>;
  /** Starts the two containers (`startServerContainers`). */
  startContainers: () => Promise<StartedServers>;
}

/** The URLs under every name a test process reads them by: @sh/shared/testing's, and `npm start`'s. */
function urlVariables(postgresUrl: string, redisUrl: string): Record<string, string> {
  return { TEST_POSTGRES_URL: postgresUrl, TEST_REDIS_URL: redisUrl, POSTGRES_URL: postgresUrl, REDIS_URL: redisUrl };
}

const nothingToStop = (): Promise<void> => Promise.resolve();

/** Decides which servers the tests use, starting containers when that is the answer (see the top of this file). */
export async function chooseTestServers(
  env: Record<string, string | undefined>,
  dependencies: TestServerDependencies = { probeDocker: probeDockerEngine, startContainers: startServerContainers },
): Promise<TestServers> {
  const named = SERVER_VARIABLES.filter((name) => env[name]);
  if (named.length > 0) {
    const postgresUrl = env.TEST_POSTGRES_URL || env.POSTGRES_URL || MACHINE_POSTGRES_URL;
    const redisUrl = env.TEST_REDIS_URL || env.REDIS_URL || MACHINE_REDIS_URL;
    return {
      source: 'environment',
      postgresUrl,
      redisUrl,
      env: urlVariables(postgresUrl, redisUrl),
      notice: `Test servers: the environment's (${named.join(', ')}); no container is started.`,
      stop: nothingToStop,
    };
  }
  if (await dependencies.probeDocker()) {
    const started = await dependencies.startContainers();
    return {
      source: 'containers',
      ...started,
      env: urlVariables(started.postgresUrl, started.redisUrl),
      notice: `Test servers: ${POSTGRES_IMAGE} at ${started.postgresUrl} and ${REDIS_IMAGE} at ${started.redisUrl}, in containers of this run's own.`,
    };
  }
  return {
    source: 'machine',
    postgresUrl: MACHINE_POSTGRES_URL,
    redisUrl: MACHINE_REDIS_URL,
    // Exactly as before containers: every test reads its own defaults, which are these.
    env: {},
    notice:
      `Test servers: no Docker engine answers, so this machine's Postgres (127.0.0.1:5432) and Redis ` +
      `(127.0.0.1:6379); ${START_DATABASES_SCRIPT} starts them.`,
    stop: nothingToStop,
  };
}

/**
 * Whether a Docker engine answers, found the way testcontainers finds one (its `getContainerRuntimeClient`: tc.host
 * and DOCKER_HOST from the environment or ~/.testcontainers.properties, then /var/run/docker.sock, then the rootless
 * sockets). No answer within `timeoutMs` counts as no engine.
 */
export async function probeDockerEngine(timeoutMs = DOCKER_PROBE_TIMEOUT_MS): Promise<boolean> {
  const { getContainerRuntimeClient } = await import('testcontainers');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
  });
  const answered = getContainerRuntimeClient().then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts Postgres 15 (user and database `postgres`) and Redis 7, each in a container of its own on a free port.
 * `stop` removes both; testcontainers' reaper removes them too if this process is killed before it can.
 */
export async function startServerContainers(): Promise<StartedServers> {
  const [{ PostgreSqlContainer }, { RedisContainer }] = await Promise.all([
    import('@testcontainers/postgresql'),
    import('@testcontainers/redis'),
  ]);
  const started = await Promise.allSettled([
    new PostgreSqlContainer(POSTGRES_IMAGE)
      .withUsername('postgres')
      .withPassword('postgres')
      .withDatabase('postgres')
      .start(),
    new RedisContainer(REDIS_IMAGE).start(),
  ]);
  const [postgres, redis] = started;
  if (postgres.status === 'rejected' || redis.status === 'rejected') {
    // The one that did start goes at once, not when the reaper notices.
    await Promise.all(started.map((each) => (each.status === 'fulfilled' ? each.value.stop() : undefined)));
    throw (postgres.status === 'rejected' ? postgres.reason : (redis as PromiseRejectedResult).reason) as Error;
  }
  return {
    postgresUrl: postgres.value.getConnectionUri(),
    redisUrl: redis.value.getConnectionUrl(),
    async stop() {
      await Promise.all([postgres.value.stop(), redis.value.stop()]);
    },
  };
}
