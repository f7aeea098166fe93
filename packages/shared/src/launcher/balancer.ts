/**
 * A TCP balancer on 127.0.0.1 for a stack run at several replicas (startStack's `replicas`): each connection goes to
 * the next replica in turn, and to the one after when a replica refuses it (it is down), as a Kubernetes Service
 * spreads connections over the ready pods behind it. It balances connections, not requests: a kept-alive
 * connection stays with the replica it reached until either side closes it. Only the launcher uses it; in
 * production the platform's Services do this (docs/operations.md#chaos).
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
  const open = new Set<net.Socket>();
  let next = 0;

  const server = net.createServer((client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    client.pause();
    const first = next;
    next = (next + 1) % backends.length;

    // Tries each replica once from the next in turn; nothing has been read from the client until one accepts.
    const connect = (attempt: number) => {
      if (attempt === backends.length || client.destroyed) return client.destroy();
      const backend = backends[(first + attempt) % backends.length]!;
      const upstream = net.connect(backend, '127.0.0.1');
      open.add(upstream);
      upstream.once('close', () => open.delete(upstream));
      let isConnected = false;
      upstream.once('connect', () => {
        isConnected = true;
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
      upstream.once('close', () => {
        if (isConnected) client.destroy();
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
