/**
 * `npm run bench:pages`: what rendering the results page costs the gateway, now that it renders the page with the
 * vehicle's history (docs/architecture.md#web-delivery), against rendering it without (its loading state, as it was),
 * in the same run. It loads the web build's server entry (web/dist/ssr/entry-server.js, built when stale) as the gateway
 * does, and renders /vehicle-results?reg=… with the answer of a vehicle of PAGES_RECORDS records (default 5, the lookup
 * benchmark's vehicles; 12 is the demo's longest history), and without one, PAGES_RENDERS times each (default 300) in
 * alternating rounds after a warm-up, timing each render's CPU (process.cpuUsage: user + system, one thread). It also
 * times what a kept page costs instead (the digest of the answer by which it is kept). Prints the figures and writes
 * bench/results/pages.json, which docs/capacity.md reads.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
import { ROOT } from '@sh/shared/launcher';
import { median } from '../scripts/median.js';
import { buildWebIfStale } from '../scripts/web-build.js';
import { writeResults } from './results.js';

type Render = (url: string, signal?: AbortSignal, answers?: Record<string, unknown>) => Promise<string | null>;

const RECORDS = Number(process.env.PAGES_RECORDS ?? 5);
const RENDERS = Number(process.env.PAGES_RENDERS ?? 300);
const ROUNDS = 5;
const REGISTRATION = 'AB12CDE';

/** A public service record as records' lookup answers it, the nth of the vehicle's, a year apart. */
function publicRecord(n: number) {
  const year = 2024 - n;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    garage_id: '9b2d7e14-5c3a-4f8b-a1d2-6e7f8a9b0c1d',
    vin: 'WF0AXXGCDA1234567',
    vehicle_registration: REGISTRATION,
    service_date: `${year}-03-10`,
    mileage: 60_000 - n * 9_000,
    service_type: 'Full Service',
    notes: 'Oil and filter changed, brake fluid replaced, all fluids topped up.',
    technician_name: 'Sam Patel',
    created_at: `${year}-03-10T10:00:00.000Z`,
    mileage_anomaly: false,
    garage: { name: 'Riverside Motors', address: '12 Quay Street, Bristol BS1 4DJ', slug: 'riverside-motors' },
    amendments: [],
  };
}

function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** CPU µs of each call of `work`, `count` times. */
async function timeEach(count: number, work: () => Promise<unknown>): Promise<number> {
  const start = cpuMicros();
  for (let i = 0; i < count; i += 1) await work();
  return (cpuMicros() - start) / count;
}

async function main(): Promise<void> {
  buildWebIfStale();
  const entry = path.join(ROOT, 'web/dist/ssr/entry-server.js');
  const { renderPage } = (await import(pathToFileURL(entry).href)) as { renderPage: Render };
  const url = `/vehicle-results?reg=${REGISTRATION}`;
  const answers = {
    [`service-records/lookup/${REGISTRATION}`]: {
      status: 200,
      data: { serviceRecords: Array.from({ length: RECORDS }, (_, n) => publicRecord(n)) },
    },
  };
  const withAnswer = () => renderPage(url, undefined, answers);
  const withoutAnswer = () => renderPage(url);
  const html = (await withAnswer()) ?? '';
  if (!html.includes(`${RECORDS} records found`)) throw new Error('the page was not rendered with its answer');
  // Warm-up: the page's lazy parts loaded, the engine's code optimised.
  await timeEach(50, withAnswer);
  await timeEach(50, withoutAnswer);

  const perRound = Math.ceil(RENDERS / ROUNDS);
  const rounds = { withAnswer: [] as number[], withoutAnswer: [] as number[], keptDigest: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternating order, so that neither target always runs first.
    const order =
      round % 2 === 0 ? (['withAnswer', 'withoutAnswer'] as const) : (['withoutAnswer', 'withAnswer'] as const);
    for (const target of order)
      rounds[target].push(await timeEach(perRound, target === 'withAnswer' ? withAnswer : withoutAnswer));
    rounds.keptDigest.push(
      await timeEach(perRound * 10, async () =>
        createHash('sha256').update(JSON.stringify(answers)).digest('base64url'),
      ),
    );
  }
  const figures = {
    records: RECORDS,
    rendersEach: perRound * ROUNDS,
    htmlBytes: Buffer.byteLength(html),
    answerBytes: Buffer.byteLength(JSON.stringify(answers)),
    cpuMicrosPerRender: {
      withAnswer: Math.round(median(rounds.withAnswer)),
      withoutAnswer: Math.round(median(rounds.withoutAnswer)),
    },
    cpuMicrosPerKeptPage: Math.round(median(rounds.keptDigest)),
    rounds,
  };
  console.log(
    [
      `The results page with ${RECORDS} records, ${figures.rendersEach} renders each (medians of ${ROUNDS} rounds, CPU µs):`,
      `  rendered with the history:    ${figures.cpuMicrosPerRender.withAnswer} µs (${figures.htmlBytes} bytes of HTML, ${figures.answerBytes} of answer)`,
      `  rendered without (loading):   ${figures.cpuMicrosPerRender.withoutAnswer} µs`,
      `  ratio:                        ${(figures.cpuMicrosPerRender.withAnswer / figures.cpuMicrosPerRender.withoutAnswer).toFixed(2)}x`,
      `  a kept page's answer digest:  ${figures.cpuMicrosPerKeptPage} µs`,
    ].join('\n'),
  );
  writeResults('pages', figures);
}

await main();
