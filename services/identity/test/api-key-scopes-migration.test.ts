/**
 * Migration 008_api_key_scopes.sql (docs/product.md#api-keys): every key made before keys had scopes could log and
 * read, so it becomes a 'log-and-read' key; a key made after names its scope.
 */
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from '@sh/shared/server';
import { createTestDatabase, type TestDatabase } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, MIGRATIONS_DIR } from './helpers.js';

const SCOPES = '008_api_key_scopes.sql';
let dir: string;
let db: TestDatabase;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'identity-migrations-'));
  for (const file of await readdir(MIGRATIONS_DIR)) {
    if (file < SCOPES) await copyFile(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
  }
  db = await createTestDatabase('identity', dir);
});
afterAll(async () => {
  await db?.drop();
  await rm(dir, { recursive: true, force: true });
});

describe('008_api_key_scopes.sql', () => {
  it("makes every existing key 'log-and-read' and leaves a new key no default scope", async () => {
    const owner = await buildUser(db.pool);
    await db.pool.query(
      `INSERT INTO api_keys (id, garage_id, name, prefix, key_hash)
       VALUES (gen_random_uuid(), $1, 'Workshop system', 'ab12cd34', 'hash-before-scopes')`,
      [owner.id],
    );

    await copyFile(path.join(MIGRATIONS_DIR, SCOPES), path.join(dir, SCOPES));
    expect(await migrate(db.pool, dir)).toEqual([SCOPES]);

    const { rows } = await db.pool.query<{ scope: string }>('SELECT scope FROM api_keys WHERE garage_id = $1', [
      owner.id,
    ]);
    expect(rows).toEqual([{ scope: 'log-and-read' }]);
    await expect(
      db.pool.query(
        `INSERT INTO api_keys (id, garage_id, name, prefix, key_hash)
         VALUES (gen_random_uuid(), $1, 'No scope', 'zz99yy88', 'hash-after-scopes')`,
        [owner.id],
      ),
    ).rejects.toThrow(/scope/);
  });
});
