/** Every fault, by its CHAOS_FAULTS name, in the order the run injects them. */
import type { FaultName } from '../settings.js';
import { baseline } from './baseline.js';
import type { FaultsOf } from './fault.js';
import { kills } from './kills.js';
import { postgres } from './postgres.js';
import { redis } from './redis.js';
import { stripe } from './stripe.js';

export const FAULTS_BY_NAME: Record<FaultName, FaultsOf> = { baseline, kills, redis, postgres, stripe };
export type { Fault, FaultOutcome } from './fault.js';
