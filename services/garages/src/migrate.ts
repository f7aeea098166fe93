/**
 * `node --import tsx services/garages/src/migrate.ts`: applies garages's migrations to DATABASE_URL and exits, the one-shot
 * command a deployment runs once per release before its replicas start with MIGRATE_AT_START=false
 * (docs/deployment.md#migrations).
 */
import { migrateService, migrationsBeside } from '@sh/shared/server';

await migrateService('garages', migrationsBeside(import.meta.url));
