import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_PATTERN,
  isEmailAddress,
  ZContactRequestSchema,
  ZCreateServiceRecordRequestSchema,
  ZEmailSchema,
  ZForgotPasswordRequestSchema,
  CONTACT_MESSAGES,
} from '../src/contract/index.js';
import { createServiceApp, parseOrThrow } from '../src/server/index.js';
import {
  LINEAR_GROWTH_AT_MOST,
  listenForTest,
  quickestMs,
  testLogger,
  timeGrowthOverTenfold,
} from '../src/testing/index.js';

/**
 * Inputs built to make a backtracking e-mail pattern try every split: many dots between an @ and a character
 * that fails at the very end, of about `size` characters. The old pattern took over a second on 30 KB of them.
 */
const hostile: Array<[string, (size: number) => string]> = [
  ['dots between two @', (size) => `a@${'.'.repeat(size)}@`],
  ['labels ending in a space', (size) => `a@${'a.'.repeat(size / 2)} `],
  ['a long local part, labels', (size) => `${'a'.repeat(size / 2)}@${'a.'.repeat(size / 4)}`],
  ['labels ending in a dot', (size) => `a@${'.a'.repeat(size / 2)}.`],
];
const SIZE = 90_000;

describe('the e-mail check', () => {
  it('accepts ordinary addresses and refuses malformed ones', () => {
    for (const good of ['owner@example.co.uk', 'a.b+c@mail.example.com', "o'brien@garage.ie"])
      expect(isEmailAddress(good)).toBe(true);
    for (const bad of [
      'owner@example',
      'owner@.example.com',
      'owner@example..com',
      'owner@example.com.',
      'no at.example.com',
      'a@b@c.com',
      `${'a'.repeat(250)}@b.co`,
    ]) {
      expect(isEmailAddress(bad)).toBe(false);
    }
  });

  it.each(hostile)('checks hostile input (%s) in linear time, and refuses it', async (_kind, make) => {
    const input = make(SIZE);
    const checks: Array<(text: string) => { success: boolean } | boolean> = [
      (text) => EMAIL_PATTERN.test(text),
      (text) => ZEmailSchema.safeParse(text),
      (text) => ZForgotPasswordRequestSchema.shape.email.safeParse(text),
      (text) => ZContactRequestSchema.safeParse({ name: 'x', email: text, subject: 'general', message: 'hi' }),
      (text) => ZCreateServiceRecordRequestSchema.safeParse({ customer_email: text }),
    ];
    for (const check of checks) {
      const outcome = check(input);
      expect(typeof outcome === 'boolean' ? outcome : outcome.success).toBe(false);
      expect(await timeGrowthOverTenfold(make, check, SIZE)).toBeLessThan(LINEAR_GROWTH_AT_MOST);
    }
  });
});

describe('a hostile e-mail through HTTP', () => {
  let server: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    const app = createServiceApp({
      logger: testLogger,
      routes: (routes) => {
        routes.post('/contact', (req, res) => {
          parseOrThrow(ZContactRequestSchema, req.body);
          res.json({ status: 200, data: {} });
        });
      },
    });
    server = await listenForTest(app);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers the worst contact body under the body limit with 400 as quickly as an ordinary bad address', async () => {
    const send = (email: string) =>
      fetch(`${server.url}/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x', email, subject: 'general', message: 'hi' }),
      });
    const worst = `a@${'.'.repeat(99_000)}@`;
    // The baseline: a body as large, whose address is refused without any split to try (no @ at all).
    const ordinary = 'a'.repeat(worst.length);
    expect(Buffer.byteLength(JSON.stringify({ email: worst }))).toBeLessThan(100 * 1024);
    for (const email of [worst, ordinary]) {
      const response = await send(email);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(CONTACT_MESSAGES.contact.invalidEmail);
    }
    const ms = async (email: string) => quickestMs(async () => (await send(email)).arrayBuffer());
    // Backtracking would take seconds against a few milliseconds; the same work takes about as long.
    expect((await ms(worst)) / (await ms(ordinary))).toBeLessThan(5);
  });
});
