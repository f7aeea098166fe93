/**
 * Where every benchmark keeps its figures: bench/results/<name>.json, this machine's run (not committed), read by
 * `npm run capacity` before the reference run's bench/results/reference/<name>.json (committed; docs/capacity.md).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '@sh/shared/launcher';

export const RESULTS_DIR = path.join(ROOT, 'bench/results');

/** Which run a results file holds: when, the code's commit, the machine and the command that wrote it. */
export interface RunStamp {
  at: string;
  commit: string;
  machine: string;
  command: string;
}

/** The commit checked out, "+ changes" when the tree differs from it; "unknown" outside a git checkout. */
function checkedOutCommit(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ' + changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

/** This run's stamp: the command as npm ran it, with the benchmarks' own variables set for it. */
export function runStamp(env: NodeJS.ProcessEnv = process.env): RunStamp {
  const cpus = os.cpus();
  const settings = Object.entries(env)
    .filter(([name]) => /^(BENCH|FOOTPRINT|PAGES|CHAOS)_/.test(name))
    .map(([name, value]) => `${name}=${value} `)
    .join('');
  const script = env.npm_lifecycle_event
    ? `npm run ${env.npm_lifecycle_event}`
    : `tsx ${path.relative(ROOT, process.argv[1] ?? '')}`;
  return {
    at: new Date().toISOString(),
    commit: checkedOutCommit(),
    machine: `${os.hostname()}: ${cpus.length} x ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    command: `${settings}${script}`,
  };
}

/** Writes one run's figures to bench/results/<name>.json, stamped with the run (runStamp). */
export function writeResults(name: string, figures: Record<string, unknown>): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, `${name}.json`), JSON.stringify({ ...runStamp(), ...figures }, null, 2));
}
