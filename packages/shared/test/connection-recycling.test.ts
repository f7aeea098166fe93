/**
 * A service closes a kept-alive connection after MAX_REQUESTS_PER_CONNECTION requests, so that its callers connect
 * again and a replica that was restarted or added behind a Service takes its share (docs/deployment.md#replicas).
 * Every request is still answered: the last one on a connection says Connection: close, and the caller's next request
 * goes on a new connection.
 */
import { Agent, request } from 'node:http';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_REQUESTS_PER_CONNECTION, runService, type RunningService } from '../src/server/lifecycle.js';

let service: RunningService | undefined;

afterAll(async () => {
  await service?.stop();
});

function get(port: number, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    })
      .once('error', reject)
      .end();
  });
}

describe('kept-alive connections', () => {
  it('are closed after MAX_REQUESTS_PER_CONNECTION requests, every request answered', async () => {
    service = await runService({
      name: 'recycling',
      app: (_req, res) => res.end('ok'),
      host: '127.0.0.1',
      port: 0,
      logger: pino({ level: 'silent' }),
      handleSignals: false,
    });
    let connections = 0;
    service.server.on('connection', () => {
      connections += 1;
    });
    // One kept-alive connection at a time, as a caller's pool at low concurrency uses.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const statuses: number[] = [];
    for (let i = 0; i < MAX_REQUESTS_PER_CONNECTION * 2 + 1; i += 1) statuses.push(await get(service.port, agent));
    agent.destroy();

    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(connections).toBe(3);
  });
});
