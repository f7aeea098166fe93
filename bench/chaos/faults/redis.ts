/**
 * Redis stopped for REDIS_DOWN_MS and started again empty (`redis-cli shutdown nosave`, then the redis-server command
 * of docs/operations.md; started again in a `finally`, and on exit whatever happens): every lookup must still answer.
 */
import { startRedisSync, stopRedisSync } from '../infrastructure.js';
import { redisOutage, submits } from '../phase.js';
import { REDIS_DOWN_MS, sleep } from '../settings.js';
import type { FaultsOf } from './fault.js';

export const redis: FaultsOf = () => [
  {
    name: `Redis stopped for ${REDIS_DOWN_MS / 1000} s`,
    inject: async (phase) => {
      stopRedisSync();
      redisOutage.isOn = true;
      try {
        await sleep(REDIS_DOWN_MS);
      } finally {
        redisOutage.isOn = false;
        startRedisSync();
      }
      const sorted = [...phase.outageLookupMs].sort((a, b) => a - b);
      const p99 = sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? 0;
      const acknowledgedInOutage = submits.filter((s) => s.phase === phase.name && s.isAcknowledgedInOutage).length;
      phase.notes.push(
        `during the outage: lookups answered ${phase.outageLookupAnswers}/${phase.outageLookups} (p99 ${p99.toFixed(0)} ms); ` +
          `${phase.outageSubmitAttempts} submit attempts sent and answered within it, ${acknowledgedInOutage} answered 201`,
      );
      const failures: string[] = [];
      if (phase.outageLookups === 0 || phase.outageLookupAnswers < phase.outageLookups) {
        failures.push(
          `lookups did not all answer through the Redis outage: ${phase.outageLookupAnswers}/${phase.outageLookups}`,
        );
      }
      return { failures };
    },
  },
];
