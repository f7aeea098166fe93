/**
 * Stand-ins for a Redis that is away, for tests that must never stop the machine's shared Redis: a server that
 * accepts connections and never answers, an address that refuses them, a switch in front of the real Redis that can
 * be cut and restored; and a Redis server of a test's own.
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import { createRequestRedis } from '../src/server/events.js';

export interface RedisStandIn {
  url: string;
  close(): Promise<void>;
}

export interface RedisSwitch extends RedisStandIn {
  /** From now on connections are accepted and never answered; open ones are dropped. */
  cut(): void;
  /** From now on connections reach the real Redis; the silent ones are dropped so that clients reconnect. */
  restore(): void;
}

async function listen(server: net.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return `redis://127.0.0.1:${address.port}`;
}

/** Redis hung, or a network that swallows replies: connections are accepted and nothing ever comes back. */
export async function startSilentRedis(): Promise<RedisStandIn> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  const url = await listen(server);
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Redis stopped: an address on this machine where nothing listens, so connections are refused. */
export async function refusingRedisUrl(): Promise<string> {
  const server = net.createServer();
  const url = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return url;
}

/** A TCP switch in front of `targetUrl` (the real Redis); it starts cut. */
export async function startRedisSwitch(targetUrl: string): Promise<RedisSwitch> {
  const target = new URL(targetUrl);
  let isCut = true;
  const silent = new Set<net.Socket>();
  const forwarded = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    if (isCut) {
      silent.add(socket);
      socket.on('close', () => silent.delete(socket));
      return;
    }
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    upstream.on('error', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
    forwarded.add(socket);
    socket.on('close', () => forwarded.delete(socket));
    socket.pipe(upstream).pipe(socket);
  });
  const url = await listen(server);
  const drop = (sockets: Set<net.Socket>) => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    url,
    cut() {
      isCut = true;
      drop(forwarded);
    },
    restore() {
      isCut = false;
      drop(silent);
    },
    close: () =>
      new Promise<void>((resolve) => {
        drop(silent);
        drop(forwarded);
        server.close(() => resolve());
      }),
  };
}

/**
 * A Redis server of the test's own, on a free port (or on `port`, to start it again where it was), keeping nothing
 * on disk: for a test that must do to Redis what would disturb the other tests on the machine's shared one (forget
 * its scripts, lose its data).
 */
export async function startPrivateRedis(port?: number): Promise<RedisStandIn> {
  port ??= Number(new URL(await refusingRedisUrl()).port);
  const server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  const probe = createRequestRedis(url);
  try {
    const deadline = Date.now() + 10_000;
    while (
      !(await probe.ping().then(
        () => true,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) {
        server.kill('SIGKILL');
        throw new Error(`redis-server did not answer on port ${port}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    probe.disconnect();
  }
  return {
    url,
    close: async () => {
      server.kill('SIGTERM');
      await exited;
    },
  };
}
