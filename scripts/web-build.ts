import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '@sh/shared/launcher';

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds web/dist when it is missing or older than the SPA's sources, the shared contract or the log's checks it bundles. */
export function buildWebIfStale(): void {
  const index = path.join(ROOT, 'web/dist/index.html');
  const sources = [
    'web/src',
    'web/public',
    'web/index.html',
    'packages/shared/src/contract',
    'packages/shared/src/transparency-log',
  ].map((p) => path.join(ROOT, p));
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const isStale = sources.some(
    (source) =>
      (existsSync(source) && statSync(source).isFile() ? statSync(source).mtimeMs : newestMtime(source)) > builtAt,
  );
  if (!isStale) return;
  console.log('Building the web app...');
  // A production build whatever this process runs under (vitest sets NODE_ENV=test, which would build React for development).
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The web app did not build; see above.');
}
