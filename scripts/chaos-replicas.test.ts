/**
 * The short variant of `npm run chaos -- --replicas 2` (docs/operations.md#chaos): two processes of every service and
 * of the gateway behind the launcher's balancer, a baseline, then one replica of records and one of the gateway
 * SIGKILLed under load and launched again. Nothing is lost or doubled, every touched chain verifies, and every replica
 * that was not killed took part of its part's requests. It starts its own platform on the chaos run's fixed ports and
 * `*_chaos` databases, and writes bench/results/chaos.json, as `npm run chaos` does.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '@sh/shared/launcher';

interface ChaosResults {
  at: string;
  replicas: number;
  chainsVerified: { intact: number; touched: number };
  rows: Array<{
    fault: string;
    ok: boolean;
    acknowledged: number;
    lost: number;
    eventsLost: number;
    eventsDoubled: number;
    duplicates: number;
    chains: string;
    notes: string[];
  }>;
}

it(
  'loses and doubles nothing with one replica of records and one of the gateway killed',
  { timeout: 900_000 },
  async () => {
    const startedAt = new Date();
    const output: string[] = [];
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['bench/chaos/main.ts', '--replicas', '2'], {
        cwd: ROOT,
        env: {
          ...process.env,
          CHAOS_FAULTS: 'baseline,kills',
          CHAOS_KILLS: 'records,gateway',
          CHAOS_REDIS_PORT: '6395',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.once('exit', resolve);
    });
    const results = JSON.parse(readFileSync(path.join(ROOT, 'bench/results/chaos.json'), 'utf8')) as ChaosResults;

    expect(code, output.join('')).toBe(0);
    expect(new Date(results.at).getTime()).toBeGreaterThan(startedAt.getTime());
    expect(results.replicas).toBe(2);
    expect(results.rows.map((r) => r.fault)).toEqual([
      'baseline (no fault)',
      'records replica 1 of 2 SIGKILLed, restarted after 4 s',
      'gateway replica 1 of 2 SIGKILLed, restarted after 4 s',
    ]);
    for (const row of results.rows) {
      expect(row.ok, row.notes.join('\n')).toBe(true);
      expect(row.acknowledged).toBeGreaterThan(0);
      expect([row.lost, row.eventsLost, row.eventsDoubled, row.duplicates]).toEqual([0, 0, 0, 0]);
      // Both replicas of the gateway and of records took part of the requests (the bytes each was sent).
      expect(row.notes.find((n) => n.startsWith("requests' bytes by replica"))).toMatch(
        /gateway [1-9]\d* % \(\d+ conn\.\) \/ [1-9]\d* %/,
      );
    }
    expect(results.chainsVerified.touched).toBeGreaterThan(0);
    expect(results.chainsVerified.intact).toBe(results.chainsVerified.touched);
  },
);
