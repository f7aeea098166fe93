/**
 * `npm run check:lighthouse` (issue 26): Lighthouse's default mobile audit of every page of scripts/lighthouse-pages.ts,
 * LIGHTHOUSE_RUNS times each, against a stack of its own with the demo seed; fails when a page's median performance or
 * accessibility is under LIGHTHOUSE_MINIMUM, or when a page is missing. Kept out of `npm test`: the scores move with
 * the machine. The stack takes the browser journeys' fixed ports, so run it under their lock:
 *
 *   flock /tmp/e2e.lock npm run check:lighthouse [-- --url http://127.0.0.1:8080] [--runs 3] [--only Lookup] [--long-tasks]
 *
 * --url measures a stack already running (npm start) instead; --long-tasks lists each run's long tasks (what total
 * blocking time is made of). Chromium is CHROME_PATH, /usr/bin/chromium by default.
 */
import { get } from 'node:http';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { checkInfrastructure, stackPorts, startStack, type RunningStack } from '@sh/shared/launcher';
import { prepareDatabases, seedDemoData } from './seed.js';
import { buildWebIfStale } from './web-build.js';
import { median } from './median.js';
import { LIGHTHOUSE_MINIMUM, LIGHTHOUSE_RUNS, lighthousePages, type LighthousePage } from './lighthouse-pages.js';

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const SUFFIX = '_lighthouse';

export interface RunFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
}

/**
 * Lighthouse's own failures to record a page load (its LighthouseError codes), which say nothing of the page: such a
 * run is measured again, at most MAX_RECORDING_RETRIES times, and says so. Any other runtime error fails the check.
 */
export const RECORDING_FAILURES = new Set([
  'NO_NAVSTART',
  'NO_TRACING_STARTED',
  'NO_SCREENSHOTS',
  'NO_SPEEDLINE_FRAMES',
]);
const MAX_RECORDING_RETRIES = 2;

class RecordingFailure extends Error {}

/** The figures of one run beside the score: what a slow page's time went on. */
interface RunDetails {
  fcpMs: number;
  speedIndexMs: number;
  tbtMs: number;
  /** The largest contentful paint's element, as Lighthouse names it (a CSS selector). */
  lcpElement: string;
  longTasks: { startMs: number; durationMs: number; url: string }[];
}

export function medianFigures(runs: readonly RunFigures[]): RunFigures {
  return {
    performance: median(runs.map((r) => r.performance)),
    accessibility: median(runs.map((r) => r.accessibility)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    cls: median(runs.map((r) => r.cls)),
  };
}

/** What is wrong with a page's medians, empty when it reaches the minimum. */
export function shortfalls(figures: RunFigures, minimum = LIGHTHOUSE_MINIMUM): string[] {
  const problems: string[] = [];
  if (!(figures.performance >= minimum.performance))
    problems.push(`performance ${figures.performance} < ${minimum.performance}`);
  if (!(figures.accessibility >= minimum.accessibility))
    problems.push(`accessibility ${figures.accessibility} < ${minimum.accessibility}`);
  return problems;
}

/**
 * Why a page cannot be measured, or null: the gateway answers an unknown page 404, and the SPA sends an unknown
 * route home, so a page that ends anywhere but where it was asked for is missing too.
 */
export function missingPage(page: LighthousePage, status: number, finalUrl: string | undefined): string | null {
  if (status === 404) return `${page.name} (${page.path}) answered 404: the page does not exist on this build`;
  if (status >= 400) return `${page.name} (${page.path}) answered ${status}`;
  if (finalUrl !== undefined && new URL(finalUrl).pathname !== new URL(page.path, 'http://x').pathname)
    return `${page.name} (${page.path}) ended at ${new URL(finalUrl).pathname}: the web app has no such page`;
  return null;
}

async function audit(url: string): Promise<{ figures: RunFigures; details: RunDetails; finalUrl: string | undefined }> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      const message = `Lighthouse could not load ${url}: ${lhr.runtimeError.message} (${lhr.runtimeError.code})`;
      throw RECORDING_FAILURES.has(lhr.runtimeError.code) ? new RecordingFailure(message) : new Error(message);
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
    const longTasks = (lhr.audits['long-tasks']?.details as { items?: LongTaskItem[] } | undefined)?.items ?? [];
    return {
      details: {
        fcpMs: ms('first-contentful-paint'),
        speedIndexMs: ms('speed-index'),
        tbtMs: ms('total-blocking-time'),
        lcpElement: lcpElementOf(lhr.audits['lcp-breakdown-insight']?.details),
        longTasks: longTasks.map((task) => ({
          startMs: Math.round(task.startTime ?? 0),
          durationMs: Math.round(task.duration ?? 0),
          url: task.url ?? 'unknown',
        })),
      },
      figures: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      },
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    chrome.kill();
  }
}

interface LongTaskItem {
  url?: string;
  duration?: number;
  startTime?: number;
}

/** The selector of the LCP element that Lighthouse 13's LCP breakdown names ('unknown' when it names none). */
function lcpElementOf(details: unknown): string {
  const list = details as { items?: { type?: string; selector?: string; snippet?: string }[] } | undefined;
  const node = list?.items?.find((item) => item.type === 'node');
  return node?.selector ?? 'unknown';
}

/** One run of a page, measured again when Lighthouse failed to record it (RECORDING_FAILURES). */
async function auditRecorded(url: string, label: string): ReturnType<typeof audit> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await audit(url);
    } catch (error) {
      if (!(error instanceof RecordingFailure) || retry >= MAX_RECORDING_RETRIES) throw error;
      console.log(`${label}: ${error.message}; measured again`);
    }
  }
}

/** The status a page answers a browser with, on a connection of its own (the audits take minutes between them). */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers: { accept: 'text/html' } }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer.statusCode ?? 0));
    }).on('error', reject);
  });
}

function readOption(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

async function startOwnStack(): Promise<RunningStack> {
  const postgresUrl = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const problems = await checkInfrastructure(postgresUrl, redisUrl);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  buildWebIfStale();
  await prepareDatabases(postgresUrl, SUFFIX);
  await seedDemoData(postgresUrl, SUFFIX);
  const logs: string[] = [];
  return startStack({
    ports: stackPorts(18080, 10000),
    postgresUrl,
    redisUrl,
    databaseSuffix: SUFFIX,
    redisKeyPrefix: `lighthouse_${process.pid}`,
    logLevel: 'warn',
    gatewayHost: '127.0.0.1',
    env: { RATE_LIMIT_LOOKUP_PER_MINUTE: '600' },
    onOutput: (name, line) => logs.push(`[${name}] ${line}`),
  }).catch((error: Error) => {
    throw new Error(`${error.message}\n${logs.slice(-40).join('\n')}`);
  });
}

function row(page: LighthousePage, figures: RunFigures): string {
  const lcp = `${(figures.lcpMs / 1000).toFixed(1)} s`;
  return `| ${page.name} (\`${page.path}\`) | ${figures.performance} | ${figures.accessibility} | ${lcp} | ${figures.cls.toFixed(2)} |`;
}

async function main(args: readonly string[]): Promise<number> {
  const runs = Number(readOption(args, '--runs') ?? LIGHTHOUSE_RUNS);
  const only = readOption(args, '--only');
  const showLongTasks = args.includes('--long-tasks');
  const pages = lighthousePages().filter((page) => !only || page.name === only);
  const givenUrl = readOption(args, '--url');
  const stack = givenUrl ? undefined : await startOwnStack();
  const base = givenUrl ?? stack!.urls.gateway;
  const failures: string[] = [];
  const rows: string[] = [];
  try {
    for (const page of pages) {
      const url = new URL(page.path, base).toString();
      const status = await statusOf(url);
      let missing = missingPage(page, status, undefined);
      const measured: RunFigures[] = [];
      for (let run = 0; run < runs && !missing; run += 1) {
        const label = `${page.name} run ${run + 1}`;
        const { figures, details, finalUrl } = await auditRecorded(url, label);
        missing = missingPage(page, status, finalUrl);
        if (!missing) measured.push(figures);
        console.log(`${label}: ${missing ?? JSON.stringify(figures)}`);
        console.log(
          `  FCP ${details.fcpMs} ms, speed index ${details.speedIndexMs} ms, total blocking time ${details.tbtMs} ms, LCP: ${details.lcpElement}`,
        );
        if (showLongTasks)
          for (const task of details.longTasks)
            console.log(`  long task at ${task.startMs} ms: ${task.durationMs} ms (${task.url})`);
      }
      if (missing) {
        failures.push(`MISSING ${missing}`);
        continue;
      }
      const figures = medianFigures(measured);
      rows.push(row(page, figures));
      failures.push(...shortfalls(figures).map((problem) => `${page.name}: ${problem}`));
    }
  } finally {
    await stack?.stop();
  }
  console.log(`\nMedians of ${runs} runs (Lighthouse, default mobile settings):\n`);
  console.log('| Page | Performance | Accessibility | LCP | CLS |\n| --- | --- | --- | --- | --- |');
  for (const line of rows) console.log(line);
  if (failures.length > 0) console.error(`\nBelow the minimum or missing:\n  ${failures.join('\n  ')}`);
  else console.log(`\nEvery page reaches ${LIGHTHOUSE_MINIMUM.performance} and ${LIGHTHOUSE_MINIMUM.accessibility}.`);
  return failures.length > 0 ? 1 : 0;
}

if (process.argv[1]?.endsWith('check-lighthouse.ts')) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(2);
    },
  );
}
