import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: every child is started there, and scripts are named from it. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Where a service keeps its migrations (services/<name>/migrations). */
export function migrationsOf(service: string): string {
  return path.join(ROOT, 'services', service, 'migrations');
}
