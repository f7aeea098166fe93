import { withTransaction } from '@sh/shared/server';
import { createTestDatabase, type TestDatabase } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserById } from '../src/store/find-user-by-id.js';
import { insertUser } from '../src/store/insert-user.js';
import { updateUserEmail } from '../src/store/update-user-email.js';
import { buildUser, MIGRATIONS_DIR } from './helpers.js';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('identity', MIGRATIONS_DIR);
});
afterAll(async () => {
  await db?.drop();
});

const newUser = (email: string) => ({
  email,
  passwordHash: 'argon2-hash',
  role: 'garage' as const,
  emailConfirmed: false,
});

describe('insertUser', () => {
  it('answers the new id, then email_taken for the same e-mail, inserting nothing and leaving the transaction usable', async () => {
    const created = await insertUser(db.pool, newUser('first@hartley-motors.co.uk'));
    expect(created).toEqual({ outcome: 'created', id: expect.any(String) });
    await withTransaction(db.pool, async (client) => {
      expect(await insertUser(client, newUser('first@hartley-motors.co.uk'))).toEqual({ outcome: 'email_taken' });
      expect(await insertUser(client, newUser('second@hartley-motors.co.uk'))).toMatchObject({ outcome: 'created' });
    });
    const { rows } = await db.pool.query<{ email: string }>(
      "SELECT email FROM users WHERE email LIKE '%@hartley-motors.co.uk' ORDER BY email",
    );
    expect(rows.map((r) => r.email)).toEqual(['first@hartley-motors.co.uk', 'second@hartley-motors.co.uk']);
  });
});

describe('updateUserEmail', () => {
  it('sets the new e-mail and clears its confirmation', async () => {
    const user = await buildUser(db.pool);
    await withTransaction(db.pool, async (client) => {
      expect(await updateUserEmail(client, user.id, 'renamed@hartley-motors.co.uk')).toBe('updated');
    });
    expect(await findUserById(db.pool, user.id)).toMatchObject({
      email: 'renamed@hartley-motors.co.uk',
      email_confirmed_at: null,
    });
  });

  it("answers email_taken for another user's e-mail, and the transaction goes on to commit its other work", async () => {
    const user = await buildUser(db.pool);
    const other = await buildUser(db.pool);
    await withTransaction(db.pool, async (client) => {
      await client.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
        user.id,
        'changed-in-the-same-transaction',
      ]);
      expect(await updateUserEmail(client, user.id, other.email)).toBe('email_taken');
      await client.query('SELECT 1');
    });
    expect(await findUserById(db.pool, user.id)).toMatchObject({
      email: user.email,
      password_hash: 'changed-in-the-same-transaction',
    });
  });
});
