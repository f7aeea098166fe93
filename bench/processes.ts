/** What the benchmarks share: a service or server started as its own process, and a wait until it answers. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { garbageCollectorEnv, ROOT } from '../scripts/stack.js';

/** The launched processes still running, stopped when the benchmark ends however it ends. */
const running = new Set<ChildProcess>();
let stopsOnExit = false;

/** Stops every launched process still running: at the end of a benchmark, and on its way out however it ends. */
export function stopEveryLaunched(): void {
  for (const child of running) child.kill('SIGTERM');
}

function stopLaunchedOnExit(): void {
  if (stopsOnExit) return;
  stopsOnExit = true;
  process.on('exit', stopEveryLaunched);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopEveryLaunched();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

/**
 * Runs `script` with tsx in development mode on 127.0.0.1, quiet but for warnings, with `env` on top.
 *
 * Each runs in a session of its own, as a service started on its own (a container, a unit) does. Linux's autogroup
 * scheduler shares the CPUs between sessions first: in the benchmark's session, a service would share one group's
 * turn with the load generator that drives it. Measured with `npm run bench:lookup`, two runs each way in turns: the
 * gateway's p99 per round 13 to 26 ms in the benchmark's session, 13 to 22 ms in its own (bench/README.md). Being
 * in another session, a service does not get the terminal's Ctrl-C: the benchmark stops them on its way out.
 */
export function launch(name: string, script: string, env: Record<string, string>): ChildProcess {
  stopLaunchedOnExit();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...garbageCollectorEnv(name),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    detached: true,
  });
  running.add(child);
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (code !== 0 && signal === null) console.error(`${name} exited with ${code}`);
  });
  return child;
}

/** Waits until `url` answers 2xx, for at most `timeoutMs`. */
export async function waitUntilAnswering(url: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

/** Which processes make up one part of a benchmark: by pid, or by the program's name (its comm, as ps shows it). */
export type ProcessGroups = Record<string, { pids?: readonly number[]; program?: string }>;

/** The CPU seconds (user and system) each process of each group had used when it was taken, by pid. */
export type CpuSnapshot = Record<string, Map<number, number>>;

/**
 * What each group's processes have used so far, read from /proc/{pid}/stat: a figure that the machine's other work
 * does not change, as req/s and latency do. Null where there is no /proc (not Linux).
 */
export function takeCpuSnapshot(groups: ProcessGroups): CpuSnapshot | null {
  if (!existsSync('/proc/self/stat')) return null;
  const ticksPerSecond = 100;
  const snapshot: CpuSnapshot = Object.fromEntries(
    Object.keys(groups).map((name) => [name, new Map<number, number>()]),
  );
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // the process ended meanwhile
    }
    // pid (comm) state ...: comm may hold spaces, so the fields are counted from its closing parenthesis.
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
    for (const [name, group] of Object.entries(groups)) {
      if (group.pids?.includes(pid) || (group.program !== undefined && comm === group.program))
        snapshot[name]!.set(pid, seconds);
    }
  }
  return snapshot;
}

/**
 * The CPU seconds each group used between two snapshots: each process's growth, all of it for a process started
 * meanwhile (a Postgres backend for a new connection). A process that ended meanwhile is not counted.
 */
export function cpuSecondsBetween(before: CpuSnapshot, after: CpuSnapshot): Record<string, number> {
  return Object.fromEntries(
    Object.entries(after).map(([name, processes]) => {
      let used = 0;
      for (const [pid, seconds] of processes) used += seconds - (before[name]?.get(pid) ?? 0);
      return [name, used];
    }),
  );
}
