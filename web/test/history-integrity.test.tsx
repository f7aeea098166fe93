import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_LOG, type TPublicServiceRecord } from '@sh/shared/contract';
import {
  encodeBase64,
  generateKeyPair,
  hashCanonicalJson,
  parseSignerKey,
  signCheckpoint,
} from '@sh/shared/transparency-log';
import { DEV_LOG_SIGNING_KEY } from '../../packages/shared/src/server/services';
import { rememberedCheckpointKey } from '../src/lib/log-witness';
import { VehicleResultsPage } from '../src/pages/VehicleResultsPage';
import { buildFakeLog, type TFakeLog } from './fake-log';
import { failure, mockApi, ok, pending, type TApiReply, type TApiRoute } from './support';

const REG = 'AB12CDE';

function buildRecord(index: number, overrides: Partial<TPublicServiceRecord> = {}): TPublicServiceRecord {
  return {
    id: `3f1c9a52-8d4e-4b7a-9c2e-1a2b3c4d5e6${index}`,
    garage_id: '9b2d7e14-5c3a-4f8b-a1d2-6e7f8a9b0c1d',
    vin: 'WVWZZZ1KZAW000001',
    vehicle_registration: REG,
    service_date: `202${index}-03-14`,
    mileage: 10_000 * (index + 1),
    service_type: ['Full Service', 'Interim Service', 'MOT Preparation'][index] ?? 'Oil Change',
    notes: index === 1 ? null : 'Replaced air filter and wiper blades.',
    technician_name: 'Sam Patel',
    created_at: `202${index}-03-14T10:22:00.000Z`,
    mileage_anomaly: false,
    garage: { name: 'Riverside Motors', address: '12 Quay Street, Bristol BS1 4DJ' },
    amendments: [],
    ...overrides,
  };
}

const RECORDS = [buildRecord(0), buildRecord(1), buildRecord(2)];

/** The results page with the lookup answering `shown`, and the history check's calls answered by `log`. */
function renderResults(log: TFakeLog, shown: TPublicServiceRecord[] = RECORDS, routes: Record<string, TApiRoute> = {}) {
  const api = mockApi({
    [`GET service-records/lookup/${REG}`]: ok({ serviceRecords: shown }),
    [`GET vehicles/${REG}`]: pending,
    ...log.routes(),
    ...routes,
  });
  render(
    <MemoryRouter initialEntries={[`/vehicle-results?reg=${REG}`]}>
      <Routes>
        <Route path="/vehicle-results" element={<VehicleResultsPage />} />
        <Route path="/contact" element={null} />
      </Routes>
    </MemoryRouter>,
  );
  return api;
}

describe('the results page checks the history in the browser', () => {
  it('says the history was verified in the browser, against which checkpoint, only when every check holds', async () => {
    const log = await buildFakeLog(REG, RECORDS);
    const api = renderResults(log);
    const line = await screen.findByText(/^History verified in your browser:/);
    expect(line.textContent).toContain(
      'History verified in your browser: its 3 entries are in the public log’s signed checkpoint of 8 entries, and match what is shown here.',
    );
    expect(within(line).getByRole('link', { name: 'How anyone can check this' }).getAttribute('href')).toBe(
      '/verify-records',
    );
    expect(line.textContent).toContain(`Checkpoint root hash ${(await log.checkpoint()).rootHash}, checked on`);
    expect(screen.queryByRole('alert')).toBeNull();
    // The latest checkpoint and the receipt keys are asked of the server, not taken from a cache.
    expect(api.callsTo('GET service-records/log/checkpoint').map((call) => call.headers['cache-control'])).toEqual([
      'no-cache',
    ]);
    expect(api.callsTo('GET service-records/signing-key').map((call) => call.headers['cache-control'])).toEqual([
      'no-cache',
    ]);
    // One inclusion proof per entry, against the checkpoint's size.
    expect(api.callsTo('GET service-records/log/proof/inclusion').map((call) => call.query)).toEqual([
      '?leaf=3&size=8',
      '?leaf=4&size=8',
      '?leaf=5&size=8',
    ]);
  });

  it('names the record whose shown mileage is not what the log sealed, and never says verified', async () => {
    const log = await buildFakeLog(REG, RECORDS);
    renderResults(log, [RECORDS[0]!, { ...RECORDS[1]!, mileage: 9_000 }, RECORDS[2]!]);
    const warning = await screen.findByRole('alert');
    expect(within(warning).getByRole('heading').textContent).toBe('This history could not be verified');
    expect(warning.textContent).toContain(
      'Entry 2 (Interim Service, 14 March 2021) could not be verified in your browser: the mileage shown is not what the log sealed.',
    );
    expect(within(warning).getByRole('link', { name: 'tell us' }).getAttribute('href')).toBe('/contact');
    expect(screen.queryByText(/^History verified/)).toBeNull();
    expect(screen.queryByText(/intact/i)).toBeNull();
  });

  it('names an entry whose content the server changed', async () => {
    const log = await buildFakeLog(REG, RECORDS);
    const content = log.entries[0]!.content!;
    log.entries[0] = {
      ...log.entries[0]!,
      content: { ...content, record: { ...(content.record as object), mileage: 5 } },
    };
    renderResults(log);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Entry 1 (Full Service, 14 March 2020) could not be verified in your browser: its content does not match its hash.',
    );
  });

  it('names the newest entry rewritten in the database with its hash remade: its leaf is not the one in the log', async () => {
    const log = await buildFakeLog(REG, RECORDS);
    const newest = log.entries[2]!;
    const content = { ...newest.content, record: { ...(newest.content!.record as object), mileage: 25_000 } };
    log.entries[2] = { ...newest, content, hash: await hashCanonicalJson(content) };
    renderResults(log, [RECORDS[0]!, RECORDS[1]!, { ...RECORDS[2]!, mileage: 25_000 }]);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Entry 3 (MOT Preparation, 14 March 2022) could not be verified in your browser: it is not in the public log as the server shows it.',
    );
  });

  it('names a record of the vehicle in the log that the page leaves out', async () => {
    const log = await buildFakeLog(REG, RECORDS);
    renderResults(log, [RECORDS[0]!, RECORDS[2]!]);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Entry 2 (a service record not shown on this page) could not be verified in your browser: the log holds a record of this vehicle that this page does not show.',
    );
  });

  it('verifies up to the checkpoint and says the newest entry awaits the next one', async () => {
    const log = await buildFakeLog(REG, RECORDS, { unlogged: 1 });
    renderResults(log);
    const line = await screen.findByText(/^History verified in your browser up to/);
    expect(line.textContent).toContain(
      'History verified in your browser up to the public log’s signed checkpoint of 7 entries: 2 of its 3 entries are in it, and what is shown here matches them. ' +
        'The newest entry (MOT Preparation, 14 March 2022) is awaiting the log’s next checkpoint, within about a minute.',
    );
    expect(within(line).getByRole('button', { name: 'Check again' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reports loudly a log that does not extend the checkpoint this browser saw before', async () => {
    const log = await buildFakeLog(REG, RECORDS);
    const otherRoot = new Uint8Array(32).fill(9);
    const note = await signCheckpoint(
      { origin: DEVELOPMENT_LOG.origin, size: 4, rootHash: otherRoot },
      await parseSignerKey(DEV_LOG_SIGNING_KEY),
    );
    window.localStorage.setItem(
      rememberedCheckpointKey(DEVELOPMENT_LOG.origin),
      JSON.stringify({ size: 4, rootHash: encodeBase64(otherRoot), note }),
    );
    renderResults(log);
    const warning = await screen.findByRole('alert');
    expect(within(warning).getByRole('heading').textContent).toBe(
      'This history could not be verified: the public log has been rewritten',
    );
    expect(warning.textContent).toContain(
      `This browser saw the public log before, with 4 entries and root hash ${encodeBase64(otherRoot)}.`,
    );
    expect(warning.textContent).toContain('with 8 entries and root hash');
    expect(screen.queryByText(/^History verified/)).toBeNull();
  });

  it('refuses a checkpoint our key did not sign', async () => {
    const log = await buildFakeLog(REG, RECORDS);
    const honest = await log.checkpoint();
    const stranger = await parseSignerKey((await generateKeyPair(DEVELOPMENT_LOG.origin)).signerKey);
    const rootHash = Uint8Array.from(atob(honest.rootHash), (char) => char.charCodeAt(0));
    const forged = {
      ...honest,
      note: await signCheckpoint({ origin: DEVELOPMENT_LOG.origin, size: 8, rootHash }, stranger),
    };
    renderResults(log, RECORDS, { 'GET service-records/log/checkpoint': ok(forged) });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This history could not be verified in your browser: the log’s checkpoint does not verify',
    );
  });

  it('stays neutral when the server cannot be reached, and before the log’s first checkpoint', async () => {
    const log = await buildFakeLog(REG, RECORDS);
    renderResults(log, RECORDS, {
      'GET service-records/log/checkpoint': failure(503, 'service_unavailable', 'Service unavailable'),
    });
    expect(await screen.findByText(/^Could not check this history in your browser just now\./)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a history not yet in any checkpoint awaits one, neutrally, and checks again when asked', async () => {
    const log = await buildFakeLog(REG, RECORDS);
    const signed = log.routes()['GET service-records/log/checkpoint'] as Exclude<TApiRoute, TApiReply>;
    renderResults(log, RECORDS, {
      'GET service-records/log/checkpoint': (call, count) =>
        count === 1 ? failure(404, 'not_found', 'No checkpoint has been issued yet') : signed(call, count),
    });
    expect(await screen.findByText(/^This history is not in a signed checkpoint of the public log yet/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText(/^History verified in your browser: its 3 entries/)).toBeTruthy();
  });
});
