/**
 * What the benchmarks measure of the processes they load: CPU time per group of processes, read from /proc. Starting
 * those processes is the launcher's (@sh/shared/launcher).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * Which processes make up one part of a benchmark: by pid, or by the program's name (its comm, as ps shows it), narrowed
 * to those whose command line holds `cmdline` (a Postgres backend's names its database: the benchmark's own, not the
 * other work of a shared server).
 */
export type ProcessGroups = Record<string, { pids?: readonly number[]; program?: string; cmdline?: string }>;

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
      if (
        group.pids?.includes(pid) ||
        (group.program !== undefined && comm === group.program && cmdlineHolds(pid, group))
      )
        snapshot[name]!.set(pid, seconds);
    }
  }
  return snapshot;
}

function cmdlineHolds(pid: number, group: { cmdline?: string }): boolean {
  if (group.cmdline === undefined) return true;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(group.cmdline);
  } catch {
    return false;
  }
}

/** The pids of this process's descendants whose command line holds `script` (a service the launcher started). */
export function descendantsRunning(script: string): number[] {
  if (!existsSync('/proc/self/stat')) return [];
  const parents = new Map<number, number>();
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parents.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(script)) found.push(pid);
    } catch {
      continue; // the process ended meanwhile
    }
  }
  const descends = (pid: number): boolean => {
    for (let at = parents.get(pid); at !== undefined && at > 1; at = parents.get(at))
      if (at === process.pid) return true;
    return false;
  };
  return found.filter(descends);
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
