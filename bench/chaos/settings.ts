/** The chaos run's settings: its platform's place (ports, databases, queue prefix), its load, and its time limits. */
import { stackPorts } from '@sh/shared/launcher';

export { POSTGRES_URL } from '@sh/shared/launcher';
export const REDIS_PORT = process.env.CHAOS_REDIS_PORT ?? '6379';
if (!/^\d{1,5}$/.test(REDIS_PORT)) throw new Error(`CHAOS_REDIS_PORT must be a port number, not "${REDIS_PORT}"`);
/** Whether the platform uses a Redis of this run's own, which it starts and stops, rather than the machine's. */
export const IS_OWN_REDIS = REDIS_PORT !== '6379';
export const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;
export const SUFFIX = '_chaos';
export const PREFIX = 'chaos';
export const PORTS = stackPorts(29080, 25000);
export const GARAGES = 6;
export const CONTENDED_GARAGES = 3;
export const SHARED_REGISTRATIONS = 20;
export const VISITORS = 4;
export const PASSWORD = 'ChaosGarage2026';
export const KILL_DOWN_MS = 4000;
/** LOG_CHECKPOINT_INTERVAL_MS of the run's records (30 s by default): receipt mails waiting for one settle within seconds. */
export const CHECKPOINT_INTERVAL_MS = 1000;
export const REDIS_DOWN_MS = 30_000;
export const SETTLE_TIMEOUT_MS = 240_000;
/** How long a garage keeps retrying one submit before it gives up on it (reported, never expected). */
export const SUBMIT_GIVE_UP_MS = 180_000;
export const REQUEST_TIMEOUT_MS = 20_000;
export const STRIPE_KEY = 'sk_test_local_double';
export { RESULTS_DIR } from '../results.js';
/** The faults, in the order they run. */
export const FAULT_NAMES = ['baseline', 'kills', 'redis', 'postgres', 'stripe'] as const;
export type FaultName = (typeof FAULT_NAMES)[number];
/** CHAOS_FAULTS=kills,stripe (say) runs only those of baseline, kills, redis, postgres, stripe; all by default. */
export const FAULTS = new Set((process.env.CHAOS_FAULTS ?? FAULT_NAMES.join(',')).split(',').map((f) => f.trim()));
/** CHAOS_KILLS=records,notifications (say) kills only those parts in the kills fault; every service and the gateway by default. */
export const KILLS = process.env.CHAOS_KILLS ? new Set(process.env.CHAOS_KILLS.split(',').map((k) => k.trim())) : null;

/**
 * How many processes of each service and of the gateway (`npm run chaos -- --replicas 2`, or CHAOS_REPLICAS=2), behind
 * the launcher's balancer: the kills then kill one replica of each. 1 by default.
 */
const replicasArgument = process.argv.indexOf('--replicas');
const replicas = replicasArgument >= 0 ? process.argv[replicasArgument + 1] : (process.env.CHAOS_REPLICAS ?? '1');
if (!/^[1-4]$/.test(replicas ?? '')) throw new Error(`--replicas must be 1 to 4, not "${replicas}"`);
export const REPLICAS = Number(replicas);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
