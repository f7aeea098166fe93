/**
 * `node --import tsx services/billing/src/migrate.ts`: applies billing's migrations to DATABASE_URL and exits, the one-shot
 * command a deployment runs once per release before its replicas start with MIGRATE_AT_START=false
 * (docs/deployment.md#migrations).
 */
import { migrateService, migrationsBeside } from '@sh/shared/server';

await migrateService('billing', migrationsBeside(import.meta.url));
