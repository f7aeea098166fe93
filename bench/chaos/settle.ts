/**
 * Settling after a fault: every /readyz answers, every outbox row is published and consumed, no receipt awaits a
 * checkpoint, no job waits. A process that stays unreachable died on its own: it is said so, and launched again.
 */
import { queueCounts } from '@sh/shared/server';
import type { RunningStack } from '@sh/shared/launcher';
import { deliveries, heldReceipts, readEvents } from './databases.js';
import { call } from './http.js';
import { killAndRelaunch } from './infrastructure.js';
import type { Phase } from './phase.js';
import { PREFIX, REDIS_URL, SETTLE_TIMEOUT_MS, sleep } from './settings.js';

export interface Settled {
  isSettled: boolean;
  seconds: number;
  waitingFor: string;
}

async function isReady(url: string): Promise<'ready' | 'not ready' | 'down'> {
  const answer = await call(`${url}/readyz`);
  if (answer.status === null) return 'down';
  return answer.status === 200 ? 'ready' : 'not ready';
}

export async function settle(stack: RunningStack, phase: Phase): Promise<Settled> {
  const started = Date.now();
  const downSince = new Map<string, number>();
  // Every process, each replica at its own URL.
  const targets = stack.processes.map((p): [string, string] => [p.name, p.url]);
  let waitingFor = '';
  while (Date.now() - started < SETTLE_TIMEOUT_MS) {
    const unready: string[] = [];
    for (const [name, url] of targets) {
      const readiness = await isReady(url);
      if (readiness === 'ready') {
        downSince.delete(name);
        continue;
      }
      unready.push(`${name} ${readiness}`);
      if (readiness === 'down') {
        const since = downSince.get(name) ?? Date.now();
        downSince.set(name, since);
        // A process that stays unreachable died on its own: say so, and launch it again so that the run goes on.
        if (Date.now() - since > 15_000) {
          phase.notes.push(
            `${name} was not running after the fault (it died on its own); the chaos script launched it again`,
          );
          await killAndRelaunch(stack, name);
          downSince.delete(name);
        }
      }
    }
    if (unready.length > 0) {
      waitingFor = `readyz: ${unready.join(', ')}`;
      await sleep(1000);
      continue;
    }
    try {
      const events = await readEvents();
      const unpublished = events.outbox.filter((row) => !row.published).length;
      const { missing } = deliveries(events.outbox, events.processed);
      const queues = await queueCounts(REDIS_URL, PREFIX);
      const busy = Object.entries(queues).filter(([, c]) => c.waiting + c.active + c.delayed > 0);
      // Receipt mails wait for the checkpoint that covers their entry (records signs one every second here).
      const held = await heldReceipts();
      if (unpublished === 0 && missing.length === 0 && busy.length === 0 && held === 0) {
        return { isSettled: true, seconds: (Date.now() - started) / 1000, waitingFor: '' };
      }
      waitingFor = `${unpublished} unpublished, ${missing.length} deliveries not consumed, ${held} receipts awaiting a checkpoint, busy queues: ${busy.map(([s, c]) => `${s} ${JSON.stringify(c)}`).join('; ') || 'none'}`;
    } catch (error) {
      waitingFor = `cannot read the state: ${(error as Error).message}`;
    }
    await sleep(1000);
  }
  return { isSettled: false, seconds: (Date.now() - started) / 1000, waitingFor };
}
