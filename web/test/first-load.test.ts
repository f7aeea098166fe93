import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/** scripts/check-bundle-budget.mjs, which fails npm test when the first load grows past 100 kB, found from wherever
 * vitest runs (the repository root or web/). */
const SCRIPT = [process.cwd(), path.dirname(process.cwd())]
  .map((dir) => path.join(dir, 'scripts/check-bundle-budget.mjs'))
  .find((candidate) => existsSync(candidate))!;
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fake web/dist: index.html naming `upFront` scripts, and files of incompressible bytes of the given sizes. */
function fakeDist(
  files: Record<string, { bytes: number; imports?: string[] }>,
  upFront: { script: string; preload: string[] },
) {
  const dir = mkdtempSync(path.join(tmpdir(), 'budget-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'assets'));
  for (const [name, file] of Object.entries(files)) {
    const imports = (file.imports ?? []).map((target) => `import{a}from"./${target}";`).join('');
    // Random bytes as hex do not compress much below half their length: the gzip size is predictable enough.
    writeFileSync(
      path.join(dir, 'assets', name),
      `${imports}var x="${randomBytes(file.bytes / 2).toString('hex')}";import("./lazy.js");`,
    );
  }
  const preloads = upFront.preload
    .map((name) => `<link rel="modulepreload" crossorigin href="/assets/${name}">`)
    .join('\n');
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><script type="module" crossorigin src="/assets/${upFront.script}"></script>\n${preloads}\n<link rel="stylesheet" href="/assets/index.css"></head><body></body></html>`,
  );
  return dir;
}

function runBudget(dist: string, budget: number) {
  const result = spawnSync(process.execPath, [SCRIPT, '--dist', dist, '--budget', String(budget)], {
    encoding: 'utf8',
  });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe('scripts/check-bundle-budget.mjs', () => {
  it('adds up the scripts, modulepreloads and their static imports, not what loads later', () => {
    const dist = fakeDist(
      {
        'index.js': { bytes: 20_000, imports: ['vendor.js'] },
        'vendor.js': { bytes: 20_000 },
        'preloaded.js': { bytes: 20_000 },
        'lazy.js': { bytes: 200_000 },
      },
      { script: 'index.js', preload: ['preloaded.js'] },
    );
    const within = runBudget(dist, 40_000);
    expect(within.output).toMatch(/assets\/index\.js/);
    expect(within.output).toMatch(/assets\/vendor\.js/);
    expect(within.output).toMatch(/assets\/preloaded\.js/);
    expect(within.output).not.toMatch(/lazy\.js/);
    const total = Number(/First load: ([\d.]+) kB/.exec(within.output)?.[1]) * 1000;
    // Three files of ~10 kB of hex each (the random half), gzipped to a little over half.
    expect(total).toBeGreaterThan(30_000);
    expect(total).toBeLessThan(40_000);
    expect(within.status).toBe(0);
  });

  it('fails when the first load is over the budget, and says so', () => {
    const dist = fakeDist({ 'index.js': { bytes: 40_000 } }, { script: 'index.js', preload: [] });
    const over = runBudget(dist, 10_000);
    expect(over.status).toBe(1);
    expect(over.output).toMatch(/OVER the budget of 10\.00 kB/);
  });

  it('fails when there is no build to measure', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'budget-'));
    dirs.push(dir);
    const missing = runBudget(dir, 100_000);
    expect(missing.status).toBe(2);
    expect(missing.output).toMatch(/index\.html is missing/);
  });
});
