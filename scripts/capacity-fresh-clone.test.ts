/**
 * `npm run capacity` in a fresh clone (docs/capacity.md#the-command): the committed reference run is all it has, and it
 * says so; a benchmark run on the machine afterwards is read instead of the reference's file, and says so too.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);
let clone: string;

/**
 * A clone of this checkout's commit (what a fresh clone holds: no bench/results/*.json of a run here), with this
 * checkout's installed packages linked in rather than installed again, and the workspaces' links pointing into the
 * clone, so that the script finds its root (and bench/results) there.
 */
beforeAll(async () => {
  clone = path.join(mkdtempSync(path.join(tmpdir(), 'capacity-clone-')), 'repo');
  await run('git', ['clone', '--quiet', '--no-checkout', ROOT, clone]);
  const { stdout: commit } = await run('git', ['rev-parse', 'HEAD'], { cwd: ROOT });
  await run('git', ['checkout', '--quiet', commit.trim()], { cwd: clone });
  const modules = path.join(clone, 'node_modules');
  mkdirSync(path.join(modules, '@sh'), { recursive: true });
  for (const entry of readdirSync(path.join(ROOT, 'node_modules')))
    if (entry !== '@sh') symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
  for (const [name, dir] of Object.entries({ shared: 'packages/shared' }))
    symlinkSync(path.join(clone, dir), path.join(modules, '@sh', name));
});
afterAll(() => rmSync(path.dirname(clone), { recursive: true, force: true }));

const capacity = async () => (await run('npm', ['run', '--silent', 'capacity'], { cwd: clone })).stdout;

describe('npm run capacity on a fresh clone', () => {
  it("plans from the committed reference run's files, saying for each which run it is", async () => {
    const stdout = await capacity();
    for (const file of ['lookup', 'create', 'pages', 'footprint'])
      expect(stdout).toMatch(
        new RegExp(
          `${file}\\.json: reference run of 2026-11-\\d\\dT[\\d:.]+Z at 6fc5112 \\(bench/results/reference/${file}\\.json\\)`,
        ),
      );
    // The plan docs/capacity.md's run printed from the same figures.
    expect(stdout).toMatch(/ {2}total +9\.072 +20 /);
    expect(stdout).not.toContain("this machine's run");
  });

  it("reads this machine's own run of a benchmark instead of the reference's, and says it mixes the two", async () => {
    const local = path.join(clone, 'bench/results/pages.json');
    const stamp = {
      at: '2026-12-02T06:00:00.000Z',
      commit: 'abc1234',
      machine: 'here',
      command: 'npm run bench:pages',
    };
    writeFileSync(local, JSON.stringify({ ...stamp, cpuMicrosPerRender: { withAnswer: 1, withoutAnswer: 1 } }));
    const stdout = await capacity();
    expect(stdout).toContain(
      "pages.json: this machine's run of 2026-12-02T06:00:00.000Z at abc1234 (bench/results/pages.json)",
    );
    expect(stdout).toMatch(/gateway CPU µs per results page rendered with its history +1 +pages\.json/);
    expect(stdout).toContain('lookup.json: reference run of');
    expect(stdout).toContain("this machine's runs and the reference run together");
    // Git does not take a run's file for the reference's: it is not tracked, and shows as nothing to commit.
    const { stdout: status } = await run('git', ['status', '--porcelain'], { cwd: clone });
    expect(status).toBe('');
  });
});
