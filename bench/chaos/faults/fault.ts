/** A fault the run injects under load, and what it reports beyond the checks every fault gets (checks.ts). */
import type { RunningStack } from '@sh/shared/launcher';
import type { Phase } from '../phase.js';

export interface FaultOutcome {
  failures?: string[];
  duplicates?: number;
  notes?: string[];
}

export interface Fault {
  /** Its row's name in the table. */
  name: string;
  /** The process the fault kills, if it kills one (its connections then stop in the spread's count). */
  killed?: string;
  /** Injects the fault while the load runs (4 s of load before, 5 s after). */
  inject(phase: Phase): Promise<FaultOutcome | void>;
  /** Its own checks once the platform has settled: failures. */
  afterSettling?(): Promise<string[]>;
}

/** The faults one CHAOS_FAULTS name stands for, on the running platform. */
export type FaultsOf = (stack: RunningStack) => Fault[];
