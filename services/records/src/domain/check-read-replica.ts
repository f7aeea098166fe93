import type { Logger, Pool, Queryable } from '@sh/shared/server';
import { findDatabaseIdentity } from '../store/find-database-identity.js';

/**
 * Refuses, at start, a DATABASE_READ_URL that reads another database than DATABASE_URL's (a replica of another
 * database, or a server that is not a replica at all, which read-misses.ts would take as current): their identities
 * (migration 005_database_identity.sql) differ. A replica that cannot be read yet only earns a warning: lookups read
 * the primary until it can be.
 */
export async function checkReadReplica(primary: Queryable, replica: Pool, logger: Logger): Promise<void> {
  const [own, replicas] = await Promise.all([
    findDatabaseIdentity(primary),
    findDatabaseIdentity(replica).catch((error: unknown) => {
      logger.warn({ err: error }, 'the read replica could not be read at start: lookups read the primary meanwhile');
      return undefined;
    }),
  ]);
  if (replicas === undefined) return;
  if (replicas === null) logger.warn('the read replica has no database identity yet: it is checked at the next start');
  else if (replicas !== own)
    throw new Error("DATABASE_READ_URL reads another database than DATABASE_URL's: it must be a replica of it");
  logger.info('lookup misses read the read replica (DATABASE_READ_URL) whenever it has replayed what they must show');
}
