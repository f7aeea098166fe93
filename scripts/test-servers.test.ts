/**
 * The one choice of the servers `npm test` runs against (scripts/test-servers.ts): the environment's, containers
 * where a Docker engine answers, or this machine's. The probe and the container starter are stand-ins here, for the
 * decision alone; the real probe is run once, on this machine, which has a Docker client and no engine.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '@sh/shared/launcher';
import {
  chooseTestServers,
  MACHINE_POSTGRES_URL,
  MACHINE_REDIS_URL,
  probeDockerEngine,
  type StartedServers,
} from './test-servers.js';

const execFileAsync = promisify(execFile);
const CONTAINER_POSTGRES = 'postgres://postgres:postgres@localhost:32801/postgres';
const CONTAINER_REDIS = 'redis://localhost:32802';

/** A probe and a starter that record what they were asked. */
function standIns(isEngineThere: boolean) {
  const calls = { probed: 0, started: 0, stopped: 0 };
  return {
    calls,
    dependencies: {
      probeDocker: () => {
        calls.probed += 1;
        return Promise.resolve(isEngineThere);
      },
      startContainers: (): Promise<StartedServers> => {
        calls.started += 1;
        return Promise.resolve({
          postgresUrl: CONTAINER_POSTGRES,
          redisUrl: CONTAINER_REDIS,
          stop: () => {
            calls.stopped += 1;
            return Promise.resolve();
          },
        });
      },
    },
  };
}

describe('chooseTestServers', () => {
  it('uses the servers the environment names, and neither probes for Docker nor starts a container', async () => {
    const { calls, dependencies } = standIns(true);
    const servers = await chooseTestServers(
      { TEST_POSTGRES_URL: 'postgres://postgres@db.internal:5433/postgres', REDIS_URL: 'redis://cache.internal:6380' },
      dependencies,
    );
    expect(servers.source).toBe('environment');
    expect(servers.postgresUrl).toBe('postgres://postgres@db.internal:5433/postgres');
    expect(servers.redisUrl).toBe('redis://cache.internal:6380');
    // Every test process reads the same pair, under its test name and under `npm start`'s.
    expect(servers.env).toEqual({
      TEST_POSTGRES_URL: 'postgres://postgres@db.internal:5433/postgres',
      TEST_REDIS_URL: 'redis://cache.internal:6380',
      POSTGRES_URL: 'postgres://postgres@db.internal:5433/postgres',
      REDIS_URL: 'redis://cache.internal:6380',
    });
    expect(servers.notice).toBe(
      "Test servers: the environment's (TEST_POSTGRES_URL, REDIS_URL); no container is started.",
    );
    expect(calls).toEqual({ probed: 0, started: 0, stopped: 0 });
  });

  it("takes the machine's server for the one the environment does not name", async () => {
    const { calls, dependencies } = standIns(true);
    const servers = await chooseTestServers(
      { POSTGRES_URL: 'postgres://postgres@127.0.0.1:5434/postgres' },
      dependencies,
    );
    expect(servers.source).toBe('environment');
    expect(servers.postgresUrl).toBe('postgres://postgres@127.0.0.1:5434/postgres');
    expect(servers.redisUrl).toBe(MACHINE_REDIS_URL);
    expect(calls.started).toBe(0);
  });

  it('starts Postgres and Redis containers where a Docker engine answers, hands their URLs on and stops them', async () => {
    const { calls, dependencies } = standIns(true);
    // An empty variable names nothing.
    const servers = await chooseTestServers({ PATH: '/usr/bin', TEST_REDIS_URL: '' }, dependencies);
    expect(servers.source).toBe('containers');
    expect(servers.postgresUrl).toBe(CONTAINER_POSTGRES);
    expect(servers.redisUrl).toBe(CONTAINER_REDIS);
    expect(servers.env).toEqual({
      TEST_POSTGRES_URL: CONTAINER_POSTGRES,
      TEST_REDIS_URL: CONTAINER_REDIS,
      POSTGRES_URL: CONTAINER_POSTGRES,
      REDIS_URL: CONTAINER_REDIS,
    });
    expect(servers.notice).toBe(
      `Test servers: postgres:15 at ${CONTAINER_POSTGRES} and redis:7 at ${CONTAINER_REDIS}, in containers of this run's own.`,
    );
    expect(calls).toEqual({ probed: 1, started: 1, stopped: 0 });
    await servers.stop();
    expect(calls.stopped).toBe(1);
  });

  it("uses this machine's servers where no Docker engine answers, and says how to start them", async () => {
    const { calls, dependencies } = standIns(false);
    const servers = await chooseTestServers({ PATH: '/usr/bin' }, dependencies);
    expect(servers.source).toBe('machine');
    expect(servers.postgresUrl).toBe(MACHINE_POSTGRES_URL);
    expect(servers.redisUrl).toBe(MACHINE_REDIS_URL);
    // As before containers: nothing is added, every test reads its own defaults (these).
    expect(servers.env).toEqual({});
    expect(servers.notice).toBe(
      "Test servers: no Docker engine answers, so this machine's Postgres (127.0.0.1:5432) and Redis " +
        '(127.0.0.1:6379); scripts/start-databases.sh starts them.',
    );
    expect(calls).toEqual({ probed: 1, started: 0, stopped: 0 });
    await servers.stop();
  });

  it('starts nothing when starting the containers fails, and says why', async () => {
    const servers = chooseTestServers(
      {},
      {
        probeDocker: () => Promise.resolve(true),
        startContainers: () => Promise.reject(new Error('pull access denied for postgres')),
      },
    );
    await expect(servers).rejects.toThrow('pull access denied for postgres');
  });
});

describe('probeDockerEngine, for real', () => {
  /** Where testcontainers looks for an engine when no DOCKER_HOST or tc.host names one. */
  const sockets = [
    '/var/run/docker.sock',
    path.join(process.env.XDG_RUNTIME_DIR ?? '/nonexistent', 'docker.sock'),
    path.join(os.homedir(), '.docker/run/docker.sock'),
    path.join(os.homedir(), '.docker/desktop/docker.sock'),
    `/run/user/${os.userInfo().uid}/docker.sock`,
  ];

  it('answers "no engine" at once on a machine of this kind (a Docker client, no engine)', async () => {
    const isNoEngineHere = !process.env.DOCKER_HOST && !sockets.some((socket) => existsSync(socket));
    const started = Date.now();
    const answer = await probeDockerEngine(3000);
    expect(Date.now() - started).toBeLessThan(5000); // the timeout, and loading testcontainers on a busy machine
    // Where an engine may be there, the answer is whatever it is; where none can be, it is no.
    if (isNoEngineHere) expect(answer).toBe(false);
    else expect(typeof answer).toBe('boolean');
  }, 10_000);

  it('gives up on a DOCKER_HOST that accepts and never answers, within its timeout', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    // In a process of its own: testcontainers reads DOCKER_HOST once per process.
    const probe = [
      "import { probeDockerEngine } from './scripts/test-servers.ts';",
      'const started = Date.now();',
      'const answer = await probeDockerEngine(1000);',
      'console.log(JSON.stringify({ answer, ms: Date.now() - started }));',
      'process.exit(0);',
    ].join('\n');
    try {
      const { stdout } = await execFileAsync(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', probe],
        {
          cwd: ROOT,
          env: { ...process.env, DOCKER_HOST: `tcp://127.0.0.1:${(silent.address() as net.AddressInfo).port}` },
          timeout: 20_000,
        },
      );
      const { answer, ms } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { answer: boolean; ms: number };
      expect(answer).toBe(false);
      expect(ms).toBeGreaterThanOrEqual(1000);
      expect(ms).toBeLessThan(4000); // the timeout, and loading testcontainers on a busy machine
      expect(sockets.size).toBeGreaterThan(0); // it did ask there
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 30_000);
});
