import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '../src/server/index.js';
import { listenForTest, testLogger } from '../src/testing/index.js';

let server: { url: string; close(): Promise<void> };
let reached = 0;

beforeAll(async () => {
  const app = createServiceApp({
    logger: testLogger,
    routes: (routes) => {
      const router = Router();
      router.post('/things', (_req, res) => {
        reached += 1;
        res.json({ status: 200, data: {} });
      });
      router.get('/things/:id', (req, res) => {
        reached += 1;
        res.json({ status: 200, data: { id: req.params.id } });
      });
      routes.use(router);
    },
  });
  server = await listenForTest(app);
});
afterAll(async () => {
  await server?.close();
});

async function send(path: string, init: RequestInit = {}) {
  const response = await fetch(`${server.url}${path}`, init);
  const body = (await response.json()) as { status: number; code: string };
  expect(body.status).toBe(response.status);
  return { status: response.status, code: body.code };
}

describe('malformed requests get a 4xx envelope, never a 500, and reach no handler', () => {
  it.each([
    [
      'a JSON body in a charset other than UTF-8',
      { 'content-type': 'application/json; charset=latin1' },
      '{"a":"b"}',
      415,
    ],
    [
      'an unknown Content-Encoding',
      { 'content-type': 'application/json', 'content-encoding': 'bogus' },
      '{"a":"b"}',
      415,
    ],
    [
      'a body that does not match its Content-Encoding',
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      '{"a":"b"}',
      400,
    ],
    [
      'a body that is not the brotli it says it is',
      { 'content-type': 'application/json', 'content-encoding': 'br' },
      '{"a":"b"}',
      400,
    ],
    ['a NUL character in a string', { 'content-type': 'application/json' }, '{"a":"b\\u0000c"}', 400],
    [
      'an object whose members cannot be turned into text',
      { 'content-type': 'application/json' },
      '{"email":{"length":{"toString":{},"valueOf":[]}}}',
      400,
    ],
    [
      'a key that shadows hasOwnProperty',
      { 'content-type': 'application/json' },
      '{"hasOwnProperty":[1],"email":"a@b.co"}',
      400,
    ],
    ['a __proto__ key', { 'content-type': 'application/json' }, '{"__proto__":{"isAdmin":true}}', 400],
  ])('%s', async (_label, headers, body, expected) => {
    const before = reached;
    const { status } = await send('/things', { method: 'POST', headers, body });
    expect(status).toBe(expected);
    expect(reached).toBe(before);
  });

  it('a path parameter with a malformed percent-escape', async () => {
    const before = reached;
    const { status } = await send('/things/%E0%A4%A');
    expect(status).toBe(400);
    expect(reached).toBe(before);
  });
});
