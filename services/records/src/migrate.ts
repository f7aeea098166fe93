/**
 * `node --import tsx services/records/src/migrate.ts`: applies records's migrations to DATABASE_URL and exits, the one-shot
 * command a deployment runs once per release before its replicas start with MIGRATE_AT_START=false
 * (docs/deployment.md#migrations).
 */
import { migrateService, migrationsBeside } from '@sh/shared/server';

await migrateService('records', migrationsBeside(import.meta.url));
