/**
 * npm test's summary (scripts/test-summary.ts) on vitest's own output: a JSON report of a run of small files (one
 * whose beforeAll throws, one with a pass, a failure, a skip and a todo, one with a `.only`; fixtures/vitest-report.json,
 * and the same files run here), and a coverage summary (fixtures/coverage-summary.json).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  closingLines,
  countTests,
  coverageByWorkspace,
  coverageLines,
  type CoverageSummary,
  VITEST_RUN_FLAGS,
  type VitestReport,
} from './test-summary.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const fixture = <T>(name: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8')) as T;

/** The three files the report fixture was made from, for vitest's globals (no import: the directory has no packages). */
const FILES = {
  'before.test.ts': `beforeAll(() => { throw new Error('no database'); });
it('one', () => { expect(1).toBe(1); });
it('two', () => { expect(1).toBe(1); });`,
  'ok.test.ts': `it('passes', () => { expect(1).toBe(1); });
it('fails', () => { expect(1).toBe(2); });
it.skip('skipped', () => {});
it.todo('todo');`,
  'only.test.ts': `it.only('only this', () => { expect(1).toBe(1); });
it('other', () => { expect(1).toBe(1); });`,
};

describe("npm test's count of tests", () => {
  it("counts a file's tests as failed when its beforeAll failed, and each test once", () => {
    const counts = countTests(fixture<VitestReport>('vitest-report.json'), '/repo');
    // vitest's own figures for the same run call the two tests behind the failed beforeAll pending.
    expect(counts).toMatchObject({ passed: 1, failed: 4, skipped: 3 });
    expect(counts.failures).toEqual([
      '  ✗ services/example/test/before.test.ts: failed outside its tests, 2 tests not run (counted failed)\n      no database',
      '  ✗ services/example/test/ok.test.ts > fails\n      AssertionError: expected 1 to be 2 // Object.is equality',
      '  ✗ services/example/test/only.test.ts > only this\n      Error: [Vitest] Unexpected .only modifier. Remove it or pass --allowOnly argument to bypass this error',
    ]);
  });

  it('ends with the checks apart and a closing line that counts tests only', () => {
    const counts = countTests(fixture<VitestReport>('vitest-report.json'), '/repo');
    const lines = closingLines(
      [
        { name: 'type-check', ok: true },
        { name: 'lint', ok: false },
      ],
      counts,
    );
    expect(lines).toEqual(['Checks: type-check ok, lint FAILED', 'Tests: 1 passed, 4 failed, 3 skipped']);
  });

  it('fails a committed .only and a failed beforeAll, run as npm test runs vitest', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'test-summary-'));
    try {
      for (const [name, text] of Object.entries(FILES)) writeFileSync(path.join(dir, name), text);
      const report = path.join(dir, 'report.json');
      const vitest = path.join(ROOT, 'node_modules/.bin/vitest');
      const args = ['run', '--root', dir, '--globals', ...VITEST_RUN_FLAGS, `--outputFile.json=${report}`];
      // CI=true would refuse a .only by itself: the flag must, wherever npm test runs.
      const exit = await promisify(execFile)(vitest, args, { env: { ...process.env, CI: '' } }).then(
        () => 0,
        (error: { code: number }) => error.code,
      );
      expect(exit).toBe(1);
      const counts = countTests(JSON.parse(readFileSync(report, 'utf8')) as VitestReport, dir);
      expect(counts).toMatchObject({ passed: 1, failed: 4, skipped: 3 });
      expect(counts.failures.join('\n')).toContain('Unexpected .only modifier');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("npm test's coverage", () => {
  it('gives line and branch coverage per workspace, and names the files with code no test reaches', () => {
    const workspaces = coverageByWorkspace(fixture<CoverageSummary>('coverage-summary.json'), '/repo');
    expect(
      workspaces.map(({ workspace, lines, branches, files, unreached }) => [
        workspace,
        lines,
        branches,
        files,
        unreached,
      ]),
    ).toEqual([
      [
        'services/example',
        { total: 50, covered: 30 },
        { total: 20, covered: 10 },
        3,
        ['services/example/src/never-called.ts'],
      ],
      ['web', { total: 10, covered: 0 }, { total: 0, covered: 0 }, 1, ['web/src/unused.tsx']],
    ]);
    expect(coverageLines(workspaces)).toEqual([
      'workspace            lines  branches  files reached by no test',
      'services/example    60.0 %    50.0 %  1 of 3',
      'web                  0.0 %         -  1 of 1',
      'Reached by no test:',
      '  services/example/src/never-called.ts',
      '  web/src/unused.tsx',
    ]);
  });
});
