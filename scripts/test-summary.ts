/**
 * What `npm test` (scripts/test.ts) says at its end, from the steps' outcomes and vitest's JSON reports: the checks
 * (type-check, lint, format, the bundle budget) each ok or failed, listed apart; the tests counted, a file whose set-up
 * (beforeAll, its imports) failed counting its tests as failed, not skipped; line and branch coverage per workspace, and
 * the source files no test reaches. Pure: reading the files and printing are test.ts's. docs/operations.md#tests.
 */
import path from 'node:path';

/**
 * How every vitest step of npm test runs: a committed `.only` fails its file rather than skipping the rest, and a JSON
 * report (`--outputFile.json=…` beside) is what the tests are counted from.
 */
export const VITEST_RUN_FLAGS = ['--allowOnly=false', '--reporter=default', '--reporter=json'];

/** The parts of vitest's JSON report read here. */
export interface VitestReport {
  testResults?: {
    name: string;
    status?: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
  /** One line for each test failed, and for each file whose set-up failed (its tests not run, counted failed). */
  failures: string[];
}

const firstLine = (text: string | undefined) => (text ?? '').split('\n')[0]!.slice(0, 300);

/** Counts one report's tests, each once; `root` names the files relative to it. */
export function countTests(report: VitestReport, root: string): TestCounts {
  const counts: TestCounts = { passed: 0, failed: 0, skipped: 0, failures: [] };
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name);
    const tests = file.assertionResults ?? [];
    // The file failed outside its tests (a beforeAll, an import, a .only refused): what did not run did not pass.
    const setUpFailed = file.status === 'failed' && Boolean(file.message);
    let notRun = 0;
    for (const test of tests) {
      if (test.status === 'passed') counts.passed += 1;
      else if (test.status === 'failed') {
        counts.failed += 1;
        counts.failures.push(`  ✗ ${name} > ${test.fullName}\n      ${firstLine(test.failureMessages?.[0])}`);
      } else if (setUpFailed) notRun += 1;
      else counts.skipped += 1;
    }
    counts.failed += notRun;
    if (setUpFailed)
      counts.failures.push(
        `  ✗ ${name}: failed outside its tests, ${notRun} ${notRun === 1 ? 'test' : 'tests'} not run (counted failed)\n      ${firstLine(file.message)}`,
      );
  }
  return counts;
}

export function addCounts(a: TestCounts, b: TestCounts): TestCounts {
  return {
    passed: a.passed + b.passed,
    failed: a.failed + b.failed,
    skipped: a.skipped + b.skipped,
    failures: [...a.failures, ...b.failures],
  };
}

/** One file's figures in coverage-summary.json (the json-summary reporter's); "total" is every file's. */
interface Covered {
  total: number;
  covered: number;
}
export type CoverageSummary = Record<string, { lines: Covered; branches: Covered }>;

export interface WorkspaceCoverage {
  workspace: string;
  lines: Covered;
  branches: Covered;
  files: number;
  /** The files with code of which no line ran, relative to the root. */
  unreached: string[];
}

/** The workspace a file is in: packages/<name>, services/<name>, or the first directory (web, doubles, scripts, …). */
export function workspaceOf(file: string): string {
  const parts = file.split(/[\\/]/);
  return parts[0] === 'packages' || parts[0] === 'services' ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Line and branch coverage per workspace, from the json-summary reporter's file (absolute paths under `root`). */
export function coverageByWorkspace(summary: CoverageSummary, root: string): WorkspaceCoverage[] {
  const byWorkspace = new Map<string, WorkspaceCoverage>();
  for (const [file, figures] of Object.entries(summary)) {
    if (file === 'total') continue;
    const relative = path.relative(root, file);
    const workspace = workspaceOf(relative);
    const entry = byWorkspace.get(workspace) ?? {
      workspace,
      lines: { total: 0, covered: 0 },
      branches: { total: 0, covered: 0 },
      files: 0,
      unreached: [],
    };
    entry.files += 1;
    entry.lines.total += figures.lines.total;
    entry.lines.covered += figures.lines.covered;
    entry.branches.total += figures.branches.total;
    entry.branches.covered += figures.branches.covered;
    if (figures.lines.total > 0 && figures.lines.covered === 0) entry.unreached.push(relative);
    byWorkspace.set(workspace, entry);
  }
  return [...byWorkspace.values()].sort((a, b) => a.workspace.localeCompare(b.workspace));
}

const percent = ({ total, covered }: Covered) => (total === 0 ? '-' : `${((covered / total) * 100).toFixed(1)} %`);

/** The coverage table, then the files no test reaches. */
export function coverageLines(workspaces: WorkspaceCoverage[]): string[] {
  const width = Math.max(9, ...workspaces.map((w) => w.workspace.length));
  const lines = [
    `${'workspace'.padEnd(width)}     lines  branches  files reached by no test`,
    ...workspaces.map(
      (w) =>
        `${w.workspace.padEnd(width)}  ${percent(w.lines).padStart(8)}  ${percent(w.branches).padStart(8)}  ${w.unreached.length} of ${w.files}`,
    ),
  ];
  const unreached = workspaces.flatMap((w) => w.unreached);
  if (unreached.length > 0) lines.push('Reached by no test:', ...unreached.map((file) => `  ${file}`));
  return lines;
}

export interface CheckOutcome {
  name: string;
  ok: boolean;
}

/** The last lines: the checks apart, then the closing line, which counts tests only. */
export function closingLines(checks: CheckOutcome[], tests: TestCounts): string[] {
  return [
    `Checks: ${checks.map(({ name, ok }) => `${name} ${ok ? 'ok' : 'FAILED'}`).join(', ')}`,
    `Tests: ${tests.passed} passed, ${tests.failed} failed, ${tests.skipped} skipped`,
  ];
}
