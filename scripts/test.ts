/**
 * `npm test`: every check and every test, in the order that fails fastest. Type-check and lint, the web build
 * within its first-load budget, then the unit and integration tests of every workspace against real Postgres and
 * Redis (the environment's, containers of the run's own where Docker answers, or this machine's: test-servers.ts),
 * then the browser journeys through the whole running platform. A committed `.only` fails its file (--allowOnly=false).
 * It ends with the unit and integration tests' line and branch coverage per workspace and the files no test reaches,
 * the checks listed apart, and one line that counts tests only: "Tests: N passed, N failed, N skipped"
 * (scripts/test-summary.ts; docs/operations.md#tests).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { checkInfrastructure, ROOT, START_DATABASES_SCRIPT } from '@sh/shared/launcher';
import { chooseTestServers, type TestServers } from './test-servers.js';
import {
  addCounts,
  type CheckOutcome,
  closingLines,
  countTests,
  type CoverageSummary,
  coverageByWorkspace,
  coverageLines,
  type TestCounts,
  VITEST_RUN_FLAGS,
  type VitestReport,
} from './test-summary.js';

interface Step {
  name: string;
  command: string[];
  report?: string;
}

const reportDir = path.join(ROOT, 'node_modules/.cache/sh-test');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const vitest = path.join(ROOT, 'node_modules/.bin/vitest');
const coverageDir = path.join(reportDir, 'coverage');
const vitestRun = (report: string) => [
  vitest,
  'run',
  ...VITEST_RUN_FLAGS,
  `--outputFile.json=${path.join(reportDir, report)}`,
];
const steps: Step[] = [
  { name: 'type-check', command: ['npm', 'run', 'typecheck', '--silent'] },
  { name: 'lint', command: ['npx', 'eslint', '.'] },
  // Every file as prettier writes it, at 120 characters (.prettierrc.json); `npm run format` rewrites them.
  { name: 'format', command: ['npx', 'prettier', '--check', '.', '--log-level', 'warn'] },
  // A production build of the web app, then its first load against the 100 kB budget (issue 11).
  { name: 'web build and first-load budget', command: ['node', 'scripts/check-bundle-budget.mjs', '--build'] },
  {
    name: 'unit and integration tests',
    // Coverage as vitest.config.ts sets it (v8), of these tests only: the journeys run the services in processes of
    // their own.
    command: [...vitestRun('main.json'), '--coverage.enabled=true', `--coverage.reportsDirectory=${coverageDir}`],
    report: path.join(reportDir, 'main.json'),
  },
  {
    name: 'browser journeys',
    command: [...vitestRun('e2e.json'), '--root', 'e2e', '--exclude', '**/fuzz.e2e.test.ts'],
    report: path.join(reportDir, 'e2e.json'),
  },
  {
    // On a platform of its own (the global set-up starts a fresh one): thousands of hostile requests must not
    // share a platform with the journeys.
    name: 'fuzzing from the OpenAPI document',
    command: [...vitestRun('fuzz.json'), '--root', 'e2e', 'fuzz'],
    report: path.join(reportDir, 'fuzz.json'),
  },
];

let current: ChildProcess | undefined;
let servers: TestServers | undefined;
let isEnding = false;

/** Ends the run with `code`, the containers (when there are any) removed first, whatever ended it. */
async function finish(code: number): Promise<never> {
  isEnding = true;
  await servers?.stop().catch((error: Error) => console.error(`Could not stop the test servers: ${error.message}`));
  process.exit(code);
}

/** Sends `signal` to the step that runs and to everything it started (its own process group). */
function signalStep(signal: NodeJS.Signals): void {
  if (current?.pid === undefined || current.exitCode !== null || current.signalCode !== null) return;
  try {
    process.kill(-current.pid, signal);
  } catch {
    // already gone
  }
}

// Ctrl-C, or a signal to this process alone (prepare-machine passes SIGTERM on): the step that runs is stopped (and
// killed if it has not ended within 10 s), then the servers; the run ends with 1.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (isEnding) return;
    isEnding = true;
    if (current && current.exitCode === null && current.signalCode === null) {
      signalStep(signal);
      setTimeout(() => signalStep('SIGKILL'), 10_000).unref();
    } else {
      void finish(1);
    }
  });
}

/** Runs one step in a process group of its own, so that stopping the run stops all of it; answers its exit code. */
async function runStep(command: string[], env: NodeJS.ProcessEnv): Promise<number | null> {
  const status = await new Promise<number | null>((resolve) => {
    current = spawn(command[0]!, command.slice(1), {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env,
      detached: true,
    });
    current.once('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
    current.once('close', (code) => resolve(code));
  });
  if (isEnding) await finish(1);
  return status;
}

try {
  servers = await chooseTestServers(process.env);
} catch (error) {
  console.error(`Cannot start the test servers: ${(error as Error).message}`);
  await finish(1);
}
if (isEnding) await finish(1);
console.log(servers!.notice);
// This machine's servers, started when installed but stopped (start-databases.sh starts only what does not answer).
if (servers!.source === 'machine') await runStep(['bash', START_DATABASES_SCRIPT], process.env);
const problems = await checkInfrastructure(servers!.postgresUrl, servers!.redisUrl);
if (problems.length > 0) {
  console.error(`Cannot start: ${problems.join('\n')}`);
  await finish(1);
}
const env = { ...process.env, ...servers!.env };

let tests: TestCounts = { passed: 0, failed: 0, skipped: 0, failures: [] };
const checks: CheckOutcome[] = [];
const failedSteps: string[] = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const status = await runStep(step.command, env);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (step.report && existsSync(step.report))
    tests = addCounts(tests, countTests(JSON.parse(readFileSync(step.report, 'utf8')) as VitestReport, ROOT));
  if (!step.report) checks.push({ name: step.name, ok: status === 0 });
  if (status !== 0) failedSteps.push(step.name);
  console.log(`=== ${step.name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds} s ===`);
}

const coverageFile = path.join(coverageDir, 'coverage-summary.json');
if (existsSync(coverageFile)) {
  console.log('\nCoverage of the unit and integration tests (the code they run in their own processes):');
  const summary = JSON.parse(readFileSync(coverageFile, 'utf8')) as CoverageSummary;
  for (const line of coverageLines(coverageByWorkspace(summary, ROOT))) console.log(`  ${line}`);
}
if (failedSteps.length > 0) console.log(`\nFailed: ${failedSteps.join(', ')}`);
// The names of failed tests and the first line of each failure, repeated at the very end: a CI log is often read
// from its tail only, where the step's own output has long scrolled away.
for (const line of tests.failures) console.log(line);
console.log(`\n${closingLines(checks, tests).join('\n')}`);
await finish(failedSteps.length > 0 ? 1 : 0);
