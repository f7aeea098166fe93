/**
 * The launcher's TCP balancer (a stack at several replicas, as the chaos run starts it): connections spread over every
 * replica in turn, a replica that refuses connections (it is down) is passed over, so nothing is refused while
 * another answers, and a replica back from a restart takes the new connections until it holds as many as the others.
 */
import { createServer, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startBalancer, type Balancer } from '../src/launcher/balancer.js';

const started: Array<Server | Balancer> = [];

/** A replica answering its own name; every answer closes its connection, so each request is a connection. */
async function replica(name: string): Promise<{ server: Server; port: number }> {
  const server = createServer((_req, res) => res.writeHead(200, { connection: 'close' }).end(name));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  started.push(server);
  return { server, port: (server.address() as AddressInfo).port };
}

/** A free port: one the system gave and took back. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function answers(port: number, n: number): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < n; i += 1) names.push(await (await fetch(`http://127.0.0.1:${port}/`)).text());
  return names;
}

afterEach(async () => {
  for (const part of started.splice(0).reverse())
    await ('counts' in part ? part.close() : new Promise((resolve) => part.close(resolve)));
});

describe('the launcher balancer', () => {
  it('spreads connections over both replicas in turn', async () => {
    const [a, b] = [await replica('a'), await replica('b')];
    const port = await freePort();
    const balancer = await startBalancer(port, [a.port, b.port]);
    started.push(balancer);

    const names = await answers(port, 10);

    expect(names.filter((n) => n === 'a')).toHaveLength(5);
    expect(names.filter((n) => n === 'b')).toHaveLength(5);
    expect(balancer.counts().get(a.port)?.connections).toBe(5);
    expect(balancer.counts().get(b.port)?.bytes).toBeGreaterThan(0);
  });

  it('passes over a replica that refuses connections, and uses it again once it is back', async () => {
    const a = await replica('a');
    const downPort = await freePort();
    const port = await freePort();
    const balancer = await startBalancer(port, [a.port, downPort]);
    started.push(balancer);

    expect(await answers(port, 6)).toEqual(['a', 'a', 'a', 'a', 'a', 'a']);

    const back = createServer((_req, res) => res.writeHead(200, { connection: 'close' }).end('b'));
    await new Promise<void>((resolve) => back.listen(downPort, '127.0.0.1', resolve));
    started.push(back);
    expect(new Set(await answers(port, 4))).toEqual(new Set(['a', 'b']));
  });

  it('hands new connections to the replica holding the fewest, such as one just back', async () => {
    // Replicas that keep their connections open.
    const kept = createServer((_req, res) => res.end('a'));
    await new Promise<void>((resolve) => kept.listen(0, '127.0.0.1', resolve));
    started.push(kept);
    const a = { port: (kept.address() as AddressInfo).port };
    const downPort = await freePort();
    const port = await freePort();
    const balancer = await startBalancer(port, [a.port, downPort]);
    started.push(balancer);
    // Kept-alive connections, held open: while b is down, all of them are a's.
    const held: net.Socket[] = [];
    const hold = async () => {
      const before = [...balancer.counts().values()].reduce((sum, c) => sum + c.connections, 0);
      const socket = net.connect(port, '127.0.0.1');
      held.push(socket);
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write('GET / HTTP/1.1\r\nhost: x\r\n\r\n');
      await expect
        .poll(() => [...balancer.counts().values()].reduce((sum, c) => sum + c.connections, 0))
        .toBe(before + 1);
    };
    try {
      for (let i = 0; i < 3; i += 1) await hold();
      const back = createServer((_req, res) => res.end('b'));
      await new Promise<void>((resolve) => back.listen(downPort, '127.0.0.1', resolve));
      started.push(back);
      for (let i = 0; i < 3; i += 1) await hold();

      expect(balancer.counts().get(a.port)?.connections).toBe(3);
      expect(balancer.counts().get(downPort)?.connections).toBe(3);
    } finally {
      for (const socket of held) socket.destroy();
    }
  });

  it('hands on all of an answer before it closes the connection the replica closed', async () => {
    const body = 'x'.repeat(4_000_000);
    const closing = createServer((_req, res) => res.writeHead(200, { connection: 'close' }).end(body));
    await new Promise<void>((resolve) => closing.listen(0, '127.0.0.1', resolve));
    started.push(closing);
    const port = await freePort();
    const balancer = await startBalancer(port, [(closing.address() as AddressInfo).port]);
    started.push(balancer);

    // A caller that reads slowly: the answer's end is still in the balancer's hands when the replica has closed.
    const socket = net.connect(port, '127.0.0.1');
    socket.write('GET / HTTP/1.1\r\nhost: x\r\n\r\n');
    let received = 0;
    await new Promise<void>((resolve) => {
      socket.on('data', (chunk: Buffer) => {
        received += chunk.length;
        socket.pause();
        setTimeout(() => socket.resume(), 2);
      });
      socket.once('close', () => resolve());
    });

    expect(received).toBeGreaterThan(body.length);
  });

  it('closes the connection when every replica refuses it', async () => {
    const port = await freePort();
    const balancer = await startBalancer(port, [await freePort(), await freePort()]);
    started.push(balancer);

    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});
