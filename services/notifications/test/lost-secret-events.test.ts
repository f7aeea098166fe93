/**
 * A Redis that comes back empty loses no one-time link: the confirmation event's job carries no token (notifications
 * fetches it from identity), identity's outbox row keeps the token until its reconciler has seen the job completed,
 * so the reconciler can publish a lost job again. On a Redis of the test's own, which it empties: the shared one is
 * never flushed.
 */
import { callJson } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis } from '@sh/shared/server';
import { startPrivateRedis, type RedisStandIn } from '../../../packages/shared/test/redis-stand-ins.js';
import { linkLabelled } from './harness.js';
import {
  IDENTITY_INTERNAL_TOKEN,
  startIdentityAndNotifications,
  type IdentityAndNotifications,
} from './with-identity.js';

let redis: RedisStandIn;
let stack: IdentityAndNotifications;

beforeAll(async () => {
  redis = await startPrivateRedis();
  stack = await startIdentityAndNotifications({ redisUrl: redis.url, deferConsumer: true });
});
afterAll(async () => {
  await stack?.stop();
  await redis?.close();
});

/** Everything the Redis holds, keys and values, as text (hashes, lists, sets and sorted sets: what BullMQ writes). */
async function redisText(): Promise<string> {
  const connection = createRedis(redis.url);
  try {
    const parts: string[] = [];
    for (const key of await connection.keys('*')) {
      const type = await connection.type(key);
      parts.push(key);
      if (type === 'hash') parts.push(JSON.stringify(await connection.hgetall(key)));
      else if (type === 'string') parts.push((await connection.get(key)) ?? '');
      else if (type === 'list') parts.push(...(await connection.lrange(key, 0, -1)));
      else if (type === 'set') parts.push(...(await connection.smembers(key)));
      else if (type === 'zset') parts.push(...(await connection.zrange(key, '0', '-1')));
      else if (type === 'stream') parts.push(JSON.stringify(await connection.xrange(key, '-', '+')));
    }
    return parts.join('\n');
  } finally {
    connection.disconnect();
  }
}

async function confirmationRow(email: string) {
  const { rows } = await stack.identityDb.pool.query<{
    id: string;
    payload: Record<string, unknown>;
    published_at: Date | null;
    delivered_at: Date | null;
  }>(
    `SELECT id, payload, published_at, delivered_at FROM event_outbox
      WHERE name = 'user.email_confirmation_requested' AND payload->>'email' = $1`,
    [email],
  );
  return rows[0];
}

describe('a confirmation e-mail whose job Redis lost', () => {
  it('is published again and mailed once with a working link; the token leaves the outbox once delivered and is never in a log or in Redis', async () => {
    const email = `lost.${Date.now()}@pennine-auto.co.uk`;
    const signup = await callJson(stack.identityUrl, 'POST', '/internal/users', {
      body: { email, password: 'Spanner42', role: 'garage' },
      headers: { 'x-internal-token': IDENTITY_INTERNAL_TOKEN },
    });
    expect(signup.status).toBe(201);
    await expect.poll(async () => (await confirmationRow(email))?.published_at ?? null).not.toBeNull();
    const eventId = (await confirmationRow(email))!.id;
    const before = await redisText();
    expect(before).toContain(eventId); // the job was there, and the dump reads it

    // Redis restarts without its data before notifications took the job.
    const connection = createRedis(redis.url);
    await connection.flushall();
    connection.disconnect();
    expect(await redisText()).not.toContain(eventId);

    stack.startConsumer();
    await stack.reconcile();
    const mail = await stack.smtp.waitForMail(email);
    const token = linkLabelled(mail.html as string, 'Confirm email address').searchParams.get('token')!;
    expect(token).toEqual(expect.any(String));
    expect(before).not.toContain(token); // the job Redis lost did not carry it either
    await stack.whenMailSettled();
    expect(stack.smtp.mailsTo(email)).toHaveLength(1);
    const { rows: processed } = await stack.notificationsDb.pool.query(
      'SELECT 1 FROM processed_events WHERE event_id = $1',
      [eventId],
    );
    expect(processed).toHaveLength(1);

    // Consumed: the next pass sees the job completed, marks the row delivered and drops the token from it.
    expect((await confirmationRow(email))!.payload).toHaveProperty('token', token);
    await stack.reconcile();
    const delivered = (await confirmationRow(email))!;
    expect(delivered.delivered_at).toEqual(expect.any(Date));
    expect(delivered.payload).not.toHaveProperty('token');
    expect(JSON.stringify(delivered.payload)).not.toContain(token);

    // The link works, and nothing kept the token where it does not belong.
    expect((await callJson(stack.identityUrl, 'POST', '/api/v1/users/confirm-email', { body: { token } })).status).toBe(
      200,
    );
    expect(await redisText()).not.toContain(token);
    expect(stack.logLines.filter((line) => line.includes(token))).toEqual([]);
  });
});
