import http, { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequestRedis, createTokenVerifier, type Redis } from '@sh/shared/server';
import { capturingLogger, createTestKeyPair, listenForTest, testQueuePrefix, TEST_REDIS_URL } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGatewayApp } from '../src/routes/app.js';

// A service that refuses a large body at once (a 413, as a body limit does) and drops its end of the connection
// without reading the body: the gateway must still read the next request its client sends on the same connection.
// A stand-in, kept for the fault alone: our services' body parsers read or drain what they refuse, so none of them can
// be made to hang up mid-body on cue (docs/architecture.md, the gateway's bodies).
let service: Server;
let serviceUrl = '';
let redis: Redis;
let gateway: { url: string; close(): Promise<void> };

beforeAll(async () => {
  service = createServer((req, res) => {
    if (Number(req.headers['content-length'] ?? 0) > 100_000) {
      res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify({ status: 413, error: 'payload_too_large', message: 'Too large' }));
      return;
    }
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: 200, data: { ok: true } }));
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const address = service.address();
  serviceUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  redis = createRequestRedis(TEST_REDIS_URL);
  gateway = await listenForTest(
    buildGatewayApp({
      logger: capturingLogger('info').logger,
      redis,
      verifier: createTokenVerifier({ publicKey: createTestKeyPair().publicKey }),
      upstreams: { notifications: serviceUrl },
      budgets: { apiPerMinute: 1000, lookupPerMinute: 1000, authPerMinute: 1000 },
      rateLimitPrefix: testQueuePrefix(),
      webDist: mkdtempSync(path.join(tmpdir(), 'web-dist-')),
      trustProxy: false,
      upstreamTimeoutMs: 5000,
      internalToken: 'gateway-test-internal-token-0123',
    }),
  );
});
afterAll(async () => {
  await gateway?.close();
  await new Promise<void>((resolve) => service?.close(() => resolve()));
  redis?.disconnect();
});

/** One POST on the given agent: its status, or 0 when nothing came back within 5 s. */
function post(agent: http.Agent, body: Buffer): Promise<number> {
  const { hostname, port } = new URL(gateway.url);
  return new Promise((resolve) => {
    const request = http.request({
      host: hostname,
      port,
      agent,
      method: 'POST',
      path: '/api/v1/contact',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      timeout: 5000,
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

describe("a body the service did not read (docs/architecture.md, the gateway's proxy)", () => {
  it('leaves the kept-alive connection able to carry the next request', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const large = Buffer.from(JSON.stringify({ message: 'x'.repeat(4_000_000) }));
    const refused: number[] = [];
    const next: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      refused.push(await post(agent, large));
      next.push(await post(agent, Buffer.from('{"message":"hello"}')));
    }
    agent.destroy();
    // The large one is answered (the service's refusal, or the gateway's 502 when the service hung up mid-body) ...
    expect(refused.every((status) => status >= 400)).toBe(true);
    // ... and the request after it, on the same connection, always is (before the fix, one in a few got nothing).
    expect(next).toEqual([200, 200, 200, 200, 200, 200]);
  }, 60_000);
});
