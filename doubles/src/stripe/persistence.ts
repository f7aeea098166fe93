import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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
