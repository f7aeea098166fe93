import type { Redis } from 'ioredis';
import type { Queryable } from '../server/store/db.js';
import { databaseKeyOf, latestWriteKeyOf, lookupAnswersNamespace, sharedAnswerKeyOf } from './keys.js';
import { deleteKeysMatching } from './published-answers.js';

/**
 * Deletes every lookup answer published under this prefix when they were published for another database than this
 * one (or for none known): run as records starts, before it answers. `db` is records' database, whose identity
 * (a table of one row, `database_identity`, made with it by records' migration 005_database_identity.sql) names it.
 * Answers published for a database that was dropped and made again would otherwise show its old records for up to a
 * day. Answers how many it deleted, or null when the answers in Redis are this database's. The latest write's position
 * goes with them: it was another database's (versions may stay: a position carried forward from another database only
 * sends a vehicle's lookups to the primary for longer). After restoring records' database from a backup (the same
 * identity, older rows), delete `{prefix}:lookup:database` and start records again.
 */
export async function forgetAnswersOfOtherDatabases(
  db: Queryable,
  redis: Redis,
  prefix: string,
): Promise<number | null> {
  const { rows } = await db.query<{ id: string }>({
    name: 'database-identity',
    text: 'SELECT id FROM database_identity',
  });
  const identity = rows[0]!.id;
  const identityKey = databaseKeyOf(prefix);
  if ((await redis.get(identityKey)) === identity) return null;
  const namespace = lookupAnswersNamespace(prefix);
  const forgotten = await deleteKeysMatching(redis, sharedAnswerKeyOf(namespace, '*'));
  await redis.del(latestWriteKeyOf(namespace));
  await redis.set(identityKey, identity);
  return forgotten;
}
