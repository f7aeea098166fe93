/**
 * Each service and the gateway in turn SIGKILLed, and launched again KILL_DOWN_MS later; at two replicas (--replicas),
 * one replica of each, while the other goes on answering behind the balancer.
 */
import { killAndRelaunch } from '../infrastructure.js';
import { KILL_DOWN_MS, KILLS } from '../settings.js';
import type { FaultsOf } from './fault.js';

export const kills: FaultsOf = (stack) =>
  [...stack.services, 'gateway' as const]
    .filter((part) => !KILLS || KILLS.has(part))
    .map((part) => {
      const replicas = stack.processes.filter((p) => p.part === part);
      const name = replicas[0]!.name;
      const which = replicas.length > 1 ? `${part} replica 1 of ${replicas.length}` : part;
      return {
        name: `${which} SIGKILLed, restarted after ${KILL_DOWN_MS / 1000} s`,
        killed: name,
        inject: async (phase) => {
          const started = Date.now();
          await killAndRelaunch(stack, name, KILL_DOWN_MS);
          phase.notes.push(
            `${name} answered /readyz again ${((Date.now() - started) / 1000).toFixed(1)} s after the kill`,
          );
        },
      };
    });
