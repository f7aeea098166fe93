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
import { listenForTest, testLogger } from '../src/testing/index.js';

/**
 * Inputs built to make a backtracking e-mail pattern try every split: many dots between an @ and a character
 * that fails at the very end. The old pattern took over a second on 30 KB of them.
 */
const hostile = [
  `a@${'.'.repeat(90_000)}@`,
  `a@${'a.'.repeat(45_000)} `,
  `${'a'.repeat(45_000)}@${'a.'.repeat(20_000)}`,
  `a@${'.a'.repeat(45_000)}.`,
];

function timeMs(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

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

  it.each(hostile.map((input) => [input.length, input]))(
    'checks %i hostile characters in linear time',
    (_length, input) => {
      expect(timeMs(() => EMAIL_PATTERN.test(input))).toBeLessThan(50);
      for (const schema of [ZEmailSchema, ZForgotPasswordRequestSchema.shape.email]) {
        let result: ReturnType<typeof ZEmailSchema.safeParse> | undefined;
        expect(timeMs(() => (result = schema.safeParse(input)))).toBeLessThan(50);
        expect(result?.success).toBe(false);
      }
      let contact: ReturnType<typeof ZContactRequestSchema.safeParse> | undefined;
      expect(
        timeMs(
          () =>
            (contact = ZContactRequestSchema.safeParse({ name: 'x', email: input, subject: 'general', message: 'hi' })),
        ),
      ).toBeLessThan(50);
      expect(contact?.success).toBe(false);
      expect(timeMs(() => ZCreateServiceRecordRequestSchema.safeParse({ customer_email: input }))).toBeLessThan(50);
    },
  );
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

  it('answers the worst contact body under the body limit with 400 in under 50 ms', async () => {
    const email = `a@${'.'.repeat(99_000)}@`;
    const body = JSON.stringify({ name: 'x', email, subject: 'general', message: 'hi' });
    expect(Buffer.byteLength(body)).toBeLessThan(100 * 1024);
    // One warm-up request, so the timing is of the check and not of the first request's set-up.
    await fetch(`${server.url}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const started = performance.now();
    const response = await fetch(`${server.url}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const elapsed = performance.now() - started;
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(CONTACT_MESSAGES.contact.invalidEmail);
    expect(elapsed).toBeLessThan(50);
  });
});
