import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import type { PersistedState, StripeState } from './state.js';

/** The double's state file: JSON of StripeState.snapshot(), written whole after changes. */

/** Reads a state file written by a StateFileWriter; null when there is none yet. Throws when it is not one. */
export function readStateFile(file: string): PersistedState | null {
  if (!existsSync(file)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `the Stripe double's state file ${file} is not valid JSON (${(error as Error).message}); delete it to start afresh`,
      {
        cause: error,
      },
    );
  }
  const saved = parsed as Partial<PersistedState> | null;
  if (!saved || saved.version !== 1 || !Array.isArray(saved.objects) || !Array.isArray(saved.sessionTerms)) {
    throw new Error(`${file} is not a state file of the Stripe double (version 1); delete it to start afresh`);
  }
  return {
    version: 1,
    objects: saved.objects,
    sessionTerms: saved.sessionTerms,
    invoiceCounter: Number(saved.invoiceCounter) || 0,
  };
}

/** Writes the whole state atomically: a temporary file beside the target, then a rename over it. */
export function writeStateFile(file: string, state: PersistedState): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, JSON.stringify(state));
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

export interface StateFileWriter {
  /** Notes a change: the file is written `delayMs` later, with every change made by then. */
  schedule(): void;
  /** Writes now if anything changed since the last write (on close). */
  flush(): void;
}

/** Keeps a state file up to date with a StripeState, a short while after each burst of changes. */
export function createStateFileWriter(
  file: string,
  state: StripeState,
  options: { delayMs?: number; log?: (message: string, details: Record<string, unknown>) => void } = {},
): StateFileWriter {
  const delayMs = options.delayMs ?? 100;
  let timer: NodeJS.Timeout | null = null;
  let isDirty = false;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!isDirty) return;
    isDirty = false;
    try {
      writeStateFile(file, state.snapshot());
    } catch (error) {
      isDirty = true;
      options.log?.('could not write the state file', { file, error: (error as Error).message });
    }
  };
  return {
    schedule() {
      isDirty = true;
      if (timer) return;
      timer = setTimeout(flush, delayMs);
      timer.unref();
    },
    flush,
  };
}

/** The state files a double of this process holds. */
const heldHere = new Set<string>();

/** Whether a process of this host with that id is running (a signal 0 reaches it, or it is not ours to signal). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the state file for this double alone: the double is one process, the test stand-in of one Stripe account, and
 * two writing one file would each write their whole state over the other's (docs/deployment.md#replicas). A lock file
 * beside it names the holder's host and process; a second double refuses to start while that process runs. A lock left
 * by a process that is gone (killed, or this process's own previous run in a restarted container) is taken over.
 * Answers the release, for close().
 */
export function lockStateFile(file: string): () => void {
  const lockFile = `${file}.lock`;
  const mine = JSON.stringify({ host: hostname(), pid: process.pid });
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(lockFile, mine, { flag: 'wx' });
      heldHere.add(lockFile);
      return () => {
        heldHere.delete(lockFile);
        rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
    }
    let holder: { host?: string; pid?: number } = {};
    try {
      holder = JSON.parse(readFileSync(lockFile, 'utf8')) as typeof holder;
    } catch {
      // Unreadable: taken to be held, as below.
    }
    const isGone =
      holder.host === hostname() &&
      typeof holder.pid === 'number' &&
      (holder.pid === process.pid ? !heldHere.has(lockFile) : !isRunning(holder.pid));
    if (!isGone) {
      throw new Error(
        `the Stripe double's state file ${file} is in use by another double (${lockFile}: ${JSON.stringify(holder)}); ` +
          'run one double per state file, or delete the lock file if that double is gone',
      );
    }
    rmSync(lockFile, { force: true });
  }
}
