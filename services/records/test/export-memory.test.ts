/**
 * Issue 25, point 4: a garage's export streams. 100,000 records are bulk-loaded (SQL, with a chain entry and a log
 * leaf each, shaped as the service writes them: the signatures are not real, which streaming does not look at; the
 * export's receipts are verified in export.test.ts), then exported through the real HTTP app while this test reads
 * the answer a chunk at a time, keeping nothing but counts. The server runs in this very process, so the process's
 * memory is measured around both, against its level before the export: the resident set, and the heap (with external
 * and array buffers) after a full collection, at every 4 MB read. Vitest runs the records tests with --expose-gc
 * (vitest.config.ts) for that collection: without one, the heap would count garbage not yet collected and say nothing
 * of what the export keeps. A first export, given up part way, comes before the baseline: the young generation's pages
 * it touches for the first time add some 30 MB to the resident set once, whatever an export keeps. An export that
 * gathered the whole file before sending it grows both by some 300 MB here.
 */
import http from 'node:http';
import { RECORD_EXPORT_CSV_COLUMNS } from '@sh/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EXPORT_LIMITS } from '../src/domain/export-garage-records.js';
import { EXPORTS_AT_ONCE } from '../src/routes/record-export.js';
import { bulkLoadRecords } from './bulk-load.js';
import { buildGarageAccount, startRecordsStack, type RecordsStack } from './harness.js';

const RECORDS = 100_000;
const MEMORY_GROWTH_LIMIT = 50 * 1024 * 1024;
const SAMPLE_EVERY_BYTES = 4 * 1024 * 1024;

let stack: RecordsStack;
let garage: Awaited<ReturnType<typeof buildGarageAccount>>;

beforeAll(async () => {
  // One garage's readers take every slot of the instance here: its own allowance is the instance's.
  stack = await startRecordsStack({ app: { exportLimits: { ...DEFAULT_EXPORT_LIMITS, perGarage: EXPORTS_AT_ONCE } } });
  garage = await buildGarageAccount(stack, { name: 'Bulk Motors' });
  await bulkLoadRecords(stack.db.pool, garage.id, RECORDS);
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

function exportRequest(format: string): http.ClientRequest {
  const url = new URL(`${stack.url}/api/v1/service-records/export?format=${format}`);
  return http.get(url, { headers: { authorization: `Bearer ${garage.token}` } });
}

function answerTo(request: http.ClientRequest): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => request.once('response', resolve).once('error', reject));
}

interface MemoryLevel {
  heap: number;
  rss: number;
}

function memoryNow(): MemoryLevel {
  globalThis.gc!();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed + usage.external + usage.arrayBuffers, rss: usage.rss };
}

describe('GET /api/v1/service-records/export of 100,000 records', () => {
  it('streams them all with the process’s memory growing by less than 50 MB', async () => {
    expect(typeof globalThis.gc).toBe('function');
    // A first export, given up after 16 MB, so that what the first one costs once (code, connections, the young
    // generation's pages first touched) is in the baseline.
    const warm = exportRequest('json');
    let warmBytes = 0;
    for await (const chunk of (await answerTo(warm)) as AsyncIterable<Buffer>) {
      warmBytes += chunk.length;
      if (warmBytes > 16 * 1024 * 1024) break;
    }
    const pool = stack.db.pool;
    await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 10_000 }).toBe(0);

    const before = memoryNow();
    const peak = { heap: 0, rss: 0 };
    const note = (level: MemoryLevel) => {
      peak.heap = Math.max(peak.heap, level.heap - before.heap);
      peak.rss = Math.max(peak.rss, level.rss - before.rss);
    };
    const answer = await answerTo(exportRequest('csv'));
    expect(answer.statusCode).toBe(200);
    let bytes = 0;
    let lines = 0;
    let nextSample = SAMPLE_EVERY_BYTES;
    let firstLine = '';
    for await (const chunk of answer as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (firstLine === '') firstLine = chunk.subarray(0, 64).toString('utf8');
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
      if (bytes >= nextSample) {
        note(memoryNow());
        nextSample += SAMPLE_EVERY_BYTES;
      }
    }
    note(memoryNow());
    const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    console.log(
      `[export] ${RECORDS} records, ${megabytes(bytes)} of CSV; growth at most: heap ${megabytes(peak.heap)}, rss ${megabytes(peak.rss)}`,
    );
    expect(firstLine.startsWith(`\uFEFF${RECORD_EXPORT_CSV_COLUMNS.slice(0, 3).join(',')}`)).toBe(true);
    // The header row and one line per record (no note holds a line break).
    expect(lines).toBe(RECORDS + 1);
    expect(bytes).toBeGreaterThan(RECORDS * 400);
    expect(peak.heap).toBeLessThan(MEMORY_GROWTH_LIMIT);
    expect(peak.rss).toBeLessThan(MEMORY_GROWTH_LIMIT);
  }, 60_000);

  it('refuses one export too many, and frees the connections of readers that went away', async () => {
    // Readers that read nothing: each export stops, its cursor held, once the socket's buffers are full.
    const stalled = Array.from({ length: EXPORTS_AT_ONCE }, () => exportRequest('json'));
    for (const answer of await Promise.all(stalled.map(answerTo))) {
      expect(answer.statusCode).toBe(200);
      answer.pause();
    }
    const refused = await fetch(`${stack.url}/api/v1/service-records/export?format=csv`, {
      headers: { authorization: `Bearer ${garage.token}` },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(await refused.json()).toMatchObject({ status: 429, code: 'rate_limited' });

    for (const request of stalled) request.destroy();
    const pool = stack.db.pool;
    await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 10_000 }).toBe(0);
    const again = await fetch(`${stack.url}/api/v1/service-records/export?format=json`, {
      headers: { authorization: `Bearer ${garage.token}` },
    });
    expect(again.status).toBe(200);
    await again.body!.cancel();
  }, 30_000);
});
