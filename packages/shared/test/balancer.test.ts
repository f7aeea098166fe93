/**
 * The launcher's TCP balancer (a stack at several replicas, as the chaos run starts it): connections spread over every
 * replica in turn, and a replica that refuses connections (it is down) is passed over, so nothing is refused while
 * another answers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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

  it('closes the connection when every replica refuses it', async () => {
    const port = await freePort();
    const balancer = await startBalancer(port, [await freePort(), await freePort()]);
    started.push(balancer);

    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});
