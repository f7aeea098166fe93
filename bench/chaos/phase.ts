/** The book-keeping of one fault (a phase of the run): every submit the garages made, and what each request got. */

export interface Submit {
  key: string;
  phase: string;
  garage: number;
  registration: string;
  recordIds: Set<string>;
  /** Answered 201 at least once. */
  isAcknowledged: boolean;
  /** Answered 201 to an attempt sent and answered while Redis was stopped. */
  isAcknowledgedInOutage: boolean;
  gaveUp: boolean;
  rejectedWith: string | null;
}

export interface Phase {
  name: string;
  requests: number;
  serverErrors: number;
  networkErrors: number;
  submitAttempts: number;
  lookups: number;
  lookupAnswers: number;
  lookupServerErrors: number;
  lookupNetworkErrors: number;
  /** Lookups made while Redis was stopped, those answered (< 500), and their latencies. */
  outageLookups: number;
  outageLookupAnswers: number;
  outageLookupMs: number[];
  outageSubmitAttempts: number;
  submitStatuses: Record<string, number>;
  lookupStatuses: Record<string, number>;
  /** How long the garages took, once the load was stopped, to have the submits in hand answered. */
  drainSeconds: number;
  notes: string[];
  startedAt: number;
}

export function newPhase(name: string): Phase {
  return {
    name,
    requests: 0,
    serverErrors: 0,
    networkErrors: 0,
    submitAttempts: 0,
    lookups: 0,
    lookupAnswers: 0,
    lookupServerErrors: 0,
    lookupNetworkErrors: 0,
    outageLookups: 0,
    outageLookupAnswers: 0,
    outageLookupMs: [],
    outageSubmitAttempts: 0,
    submitStatuses: {},
    lookupStatuses: {},
    drainSeconds: 0,
    notes: [],
    startedAt: Date.now(),
  };
}

/** Every submit of the run, of every phase. */
export const submits: Submit[] = [];

/** Whether Redis is stopped by the Redis fault right now: the load counts what it sends meanwhile apart. */
export const redisOutage = { isOn: false };

export function count(phase: Phase, status: number | null, statuses: Record<string, number> | null = null): void {
  phase.requests += 1;
  const label = status === null ? 'network' : String(status);
  if (statuses) statuses[label] = (statuses[label] ?? 0) + 1;
  if (status === null) phase.networkErrors += 1;
  else if (status >= 500) phase.serverErrors += 1;
}
