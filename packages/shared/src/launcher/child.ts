/**
 * The one way a child process of the platform is started: `npm start`, the browser journeys, the benchmarks, the chaos
 * run and the tests that need another service all come here. Each child is node itself running a TypeScript entry
 * point through tsx's loader, so signals and the IPC channel reach the child directly; a child whose parent dies
 * sees the channel close and shuts down.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from './root.js';

/**
 * The records service's garbage-collector flags: a young generation of 64 MB semi-spaces instead of 16, so that the
 * short-lived objects of each request die in fewer, cheaper collections (bench:lookup, two A/B pairs, when records
 * built every lookup's answer: 4-12% less CPU per lookup). Not the gateway's: it sends published answers, and with
 * 64 MB its p99 was 27 to 30 ms against 21 to 24 with Node's default. docker-compose.yml sets the same.
 */
const RECORDS_GARBAGE_COLLECTOR_FLAGS = '--max-semi-space-size=64';

/** What a child adds to its environment for its garbage collector: RECORDS_GARBAGE_COLLECTOR_FLAGS for records. */
export function garbageCollectorEnv(name: string): Record<string, string> {
  return name === 'records' ? { NODE_OPTIONS: RECORDS_GARBAGE_COLLECTOR_FLAGS } : {};
}

export interface LaunchOptions {
  /**
   * The child's variables, on top of a quiet development environment (PATH, HOME, NODE_ENV=development,
   * LOG_LEVEL=warn, HOST=127.0.0.1) and `shared`; the garbage-collector flags of its name (garbageCollectorEnv) come
   * between `shared` and these.
   */
  env: Record<string, string>;
  /** Variables the child shares with others started alongside it (a stack's wiring). */
  shared?: Record<string, string>;
  /** Its output: this process's own stdout and stderr ('inherit', the default), or each non-blank line to a function. */
  output?: 'inherit' | ((line: string) => void);
  /**
   * In a session of its own, as a service started on its own (a container, a unit) is. Linux's autogroup scheduler
   * shares the CPUs between sessions first: in a benchmark's session, a service would share one group's turn with the
   * load generator that drives it. Measured with `npm run bench:lookup`, two runs each way in turns: the gateway's p99
   * per round 13 to 26 ms in the benchmark's session, 13 to 22 ms in its own (bench/README.md). Being in another
   * session, it does not get the terminal's Ctrl-C: launching it makes this process stop every launched child on
   * SIGINT and SIGTERM (stopEveryLaunchedOnSignals).
   */
  ownSession?: boolean;
  /** Says on stderr when the child exits with a non-zero code of its own (not from a signal). */
  reportsFailure?: boolean;
}

/** Every launched child still running; each is stopped when this process exits, however it exits. */
const running = new Set<ChildProcess>();
let isExitHookInstalled = false;

/** Starts `script` (a path from the repository's root) as a child named `name`. */
export function launch(name: string, script: string, options: LaunchOptions): ChildProcess {
  if (!isExitHookInstalled) {
    isExitHookInstalled = true;
    process.on('exit', killEveryLaunched);
  }
  if (options.ownSession) stopEveryLaunchedOnSignals();
  const output = options.output ?? 'inherit';
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...options.shared,
      ...garbageCollectorEnv(name),
      ...options.env,
    },
    stdio: output === 'inherit' ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'pipe', 'pipe', 'ipc'],
    detached: options.ownSession ?? false,
  });
  if (output !== 'inherit') {
    for (const stream of [child.stdout, child.stderr]) {
      let buffered = '';
      stream?.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) if (line.trim()) output(line);
      });
    }
  }
  running.add(child);
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (options.reportsFailure && code !== 0 && signal === null) console.error(`${name} exited with ${code}`);
  });
  return child;
}

/** Whether a child has exited (or was killed). */
export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Sends SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. */
export function stopChild(child: ChildProcess, graceMs = 12_000): Promise<void> {
  if (hasExited(child)) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Stops every launched child still running (newest first), and resolves once each has exited. */
export async function stopEveryLaunched(): Promise<void> {
  await Promise.all([...running].reverse().map((child) => stopChild(child)));
}

/** SIGTERM to every launched child still running, without waiting: on this process's way out. */
function killEveryLaunched(): void {
  for (const child of running) child.kill('SIGTERM');
}

let isSignalHookInstalled = false;

/**
 * On Ctrl-C or SIGTERM, stops every launched child and exits (130 or 143): for a process whose children run in
 * sessions of their own (ownSession), which the terminal's Ctrl-C does not reach. On a normal exit they are stopped
 * anyway.
 */
export function stopEveryLaunchedOnSignals(): void {
  if (isSignalHookInstalled) return;
  isSignalHookInstalled = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killEveryLaunched();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}
