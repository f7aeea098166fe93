/**
 * A TCP balancer on 127.0.0.1 for a stack run at several replicas (startStack's `replicas`): each connection goes to
 * the replica holding the fewest open connections (in turn among equals), and to the next when a replica refuses it
 * (it is down), as a Kubernetes Service spreads connections over the ready pods behind it. It balances connections,
 * not requests: a kept-alive connection stays with the replica it reached until either side closes it, and a replica
 * back from a restart takes the new connections first. Only the launcher uses it; in production the platform's
 * Services do this (docs/operations.md#chaos).
 */
import net from 'node:net';

export interface Balancer {
  /** Connections each replica (by port) took, and the bytes it was sent, since the balancer started. */
  counts(): Map<number, { connections: number; bytes: number }>;
  close(): Promise<void>;
}

/** Listens on `port` and spreads its connections over `backends` (ports on 127.0.0.1). */
export async function startBalancer(port: number, backends: number[]): Promise<Balancer> {
  const counts = new Map(backends.map((backend) => [backend, { connections: 0, bytes: 0 }]));
  const openTo = new Map(backends.map((backend) => [backend, 0]));
  const open = new Set<net.Socket>();
  let next = 0;

  const server = net.createServer((client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    client.pause();
    // The replicas by their open connections, fewest first; equals in turn from the next.
    const turn = backends.map((_, i) => backends[(next + i) % backends.length]!);
    next = (next + 1) % backends.length;
    const order = turn.sort((a, b) => openTo.get(a)! - openTo.get(b)!);

    // Tries each replica once in that order; nothing has been read from the client until one accepts.
    const connect = (attempt: number) => {
      if (attempt === order.length || client.destroyed) return client.destroy();
      const backend = order[attempt]!;
      const upstream = net.connect(backend, '127.0.0.1');
      open.add(upstream);
      upstream.once('close', () => open.delete(upstream));
      let isConnected = false;
      upstream.once('connect', () => {
        isConnected = true;
        openTo.set(backend, openTo.get(backend)! + 1);
        upstream.once('close', () => openTo.set(backend, openTo.get(backend)! - 1));
        const count = counts.get(backend)!;
        count.connections += 1;
        client.on('data', (chunk: Buffer) => {
          count.bytes += chunk.length;
        });
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
      upstream.on('error', () => {
        if (isConnected) client.destroy();
        else connect(attempt + 1);
      });
      // A replica that closed its end (Connection: close) has its last bytes handed on before the caller's end closes
      // (pipe ends it); one that reset the connection (it was killed) resets the caller's.
      upstream.once('close', (hadError) => {
        if (isConnected && hadError) client.destroy();
      });
      client.once('close', () => upstream.destroy());
    };
    connect(0);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    counts: () => new Map([...counts].map(([backend, count]) => [backend, { ...count }])),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
