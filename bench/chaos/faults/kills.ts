/** Each service and the gateway in turn SIGKILLed, and launched again KILL_DOWN_MS later. */
import { killAndRelaunch } from '../infrastructure.js';
import { KILL_DOWN_MS } from '../settings.js';
import type { FaultsOf } from './fault.js';

export const kills: FaultsOf = (stack) =>
  [...stack.services, 'gateway'].map((name) => ({
    name: `${name} SIGKILLed, restarted after ${KILL_DOWN_MS / 1000} s`,
    inject: async (phase) => {
      const started = Date.now();
      await killAndRelaunch(stack, name, KILL_DOWN_MS);
      phase.notes.push(`${name} answered /readyz again ${((Date.now() - started) / 1000).toFixed(1)} s after the kill`);
    },
  }));
