/**
 * The capacity model's arithmetic on known inputs, and a missing figure reported with the benchmark that records it
 * (docs/capacity.md).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOAD, DEFAULT_PLANNING, INPUTS, type Inputs, plan, readInputs } from './capacity-model.js';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Results files as the benchmarks write them, with round figures. */
function resultsFiles(): Record<string, unknown> {
  return {
    'lookup.json': {
      at: '2026-11-25T00:00:00.000Z',
      results: [
        {
          name: 'platform (gateway -> records)',
          workload: 'popular',
          cpuMicrosPerRequest: { gateway: 999, records: 999, redis: 999, postgres: 999 },
        },
        {
          name: 'platform (gateway -> records)',
          workload: 'uniform',
          cpuMicrosPerRequest: { autocannon: 40, gateway: 60, records: 2, redis: 15, postgres: 1 },
        },
        {
          name: 'records service alone (no gateway)',
          workload: 'uniform',
          cpuMicrosPerRequest: { gateway: 0, records: 400, redis: 20, postgres: 200 },
        },
      ],
      redis: { grownBytes: 150_000_000, vehicles: 200_000, bytesPerVehicle: 750 },
      prewarm: { recordsCpuMicrosPerVehicle: 2_000 },
      postgres: {
        bytes: 400_000_000,
        rows: 1_000_000,
        vehicles: 200_000,
        recordsPerVehicle: 5,
        bytesPerVehicle: 2_000,
      },
    },
    'create.json': {
      cpuMicrosPerCreate: {
        gateway: 1_000,
        identity: 20_000,
        records: 8_000,
        notifications: 3_000,
        postgres: 4_000,
        redis: 500,
      },
      argon2: { verifications: 1_000, cpuMicrosPerVerify: 18_000 },
      databaseBytesPerRecord: { records: 5_000, notifications: 2_000 },
    },
    'pages.json': { cpuMicrosPerRender: { withAnswer: 5_000, withoutAnswer: 2_000 } },
    'footprint.json': {
      parts: Object.fromEntries(
        ['gateway', 'identity', 'garages', 'records', 'billing', 'notifications'].map((part, i) => [
          part,
          { idleRssMiB: 1, highestRssMiB: 100 + 10 * i, vmHwmMiB: 1 },
        ]),
      ),
    },
  };
}

function inputsOf(files: Record<string, unknown>): Inputs {
  const read = readInputs(files);
  if (!read.inputs) throw new Error(`missing: ${read.missing.map((m) => m.name).join(', ')}`);
  return read.inputs;
}

describe('readInputs', () => {
  it("takes the platform's uniform lookup figures, the create figures and each part's highest memory", () => {
    const inputs = inputsOf(resultsFiles());
    expect(inputs.lookupGatewayMicros).toBe(60);
    expect(inputs.lookupRedisMicros).toBe(15);
    expect(inputs.createIdentityMicros).toBe(20_000);
    expect(inputs.argon2MicrosPerVerify).toBe(18_000);
    expect(inputs.redisBytesPerVehicle).toBe(750);
    expect(inputs.publishRecordsMicrosPerVehicle).toBe(2_000);
    expect(inputs.recordsRssMiB).toBe(130);
    expect(inputs.pageRenderGatewayMicros).toBe(5_000);
    expect(inputs.notificationsRssMiB).toBe(150);
  });

  it('reports each missing figure with its file, field and the benchmark that records it', () => {
    const files = resultsFiles();
    delete (files['lookup.json'] as Record<string, unknown>).redis;
    // A results file of the lookup benchmark before answers were compressed: no prewarm figure.
    delete (files['lookup.json'] as Record<string, unknown>).prewarm;
    delete files['footprint.json'];
    const read = readInputs(files);
    expect(read.inputs).toBeNull();
    expect(read.missing).toContainEqual({
      name: 'redisBytesPerVehicle',
      file: 'lookup.json',
      field: 'redis.bytesPerVehicle',
      benchmark: 'npm run bench:lookup',
    });
    expect(read.missing).toContainEqual({
      name: 'publishRecordsMicrosPerVehicle',
      file: 'lookup.json',
      field: 'prewarm.recordsCpuMicrosPerVehicle',
      benchmark: 'npm run bench:lookup',
    });
    expect(read.missing.filter((m) => m.benchmark === 'npm run bench:footprint')).toHaveLength(6);
    expect(read.missing).toHaveLength(8);
  });

  it('counts a figure that is not a number, or below 0, as missing', () => {
    const files = resultsFiles();
    (files['create.json'] as { argon2: { cpuMicrosPerVerify: unknown } }).argon2.cpuMicrosPerVerify = '18000';
    (files['create.json'] as { databaseBytesPerRecord: { records: number } }).databaseBytesPerRecord.records = -1;
    expect(readInputs(files).missing.map((m) => m.name)).toEqual(['argon2MicrosPerVerify', 'recordsDbBytesPerRecord']);
  });

  it('names a source for every input', () => {
    for (const source of Object.values(INPUTS))
      expect(source.benchmark).toMatch(/^npm run bench:(lookup|create|footprint|pages)$/);
  });
});

describe('plan', () => {
  const inputs = inputsOf(resultsFiles());

  it('turns the default load into peak rates', () => {
    const result = plan(inputs);
    // 2,000,000 a day / 86,400 s x 10; 30,000 x 20 = 600,000 a day / 86,400 s x 10.
    expect(result.peakLookupsPerSecond).toBeCloseTo(231.4815, 3);
    expect(result.servicesPerDay).toBe(600_000);
    expect(result.peakServicesPerSecond).toBeCloseTo(69.4444, 3);
  });

  it('sizes each part from CPU per request at the peak rates, planned to 70 % of a core, at least two', () => {
    const result = plan(inputs);
    const lookups = (2_000_000 / 86_400) * 10;
    const services = (600_000 / 86_400) * 10;
    // identity: 69.44/s x 20,000 µs = 1.389 cores -> 1.389 / 0.7 = 1.98 -> 2 replicas.
    expect(result.parts.identity.cores).toBeCloseTo((services * 20_000) / 1e6, 9);
    expect(result.parts.identity.replicas).toBe(2);
    // gateway: 231.48 x (60 + 5,000 for the results page each lookup opens) + 69.44 x 1,000 µs = 1.24 cores:
    // 1.24 / 0.7 = 1.77 -> 2 replicas.
    expect(result.parts.gateway.cores).toBeCloseTo((lookups * (60 + 5_000) + services * 1_000) / 1e6, 9);
    expect(result.pageRenderCores).toBeCloseTo((lookups * 5_000) / 1e6, 9);
    expect(result.parts.gateway.replicas).toBe(2);
    // Half the lookups by the API alone: half the renders.
    expect(plan(inputs, { ...DEFAULT_LOAD, lookupPageShare: 0.5 }).pageRenderCores).toBeCloseTo(
      (lookups * 2_500) / 1e6,
      9,
    );
    expect(result.parts.garages).toEqual({ cores: 0, replicas: 2, memoryMiB: 2 * 120 });
    expect(result.argon2Cores).toBeCloseTo((services * 18_000) / 1e6, 9);
    expect(result.redisCores).toBeCloseTo((lookups * 15 + services * 500) / 1e6, 9);
    expect(result.postgresCores).toBeCloseTo((lookups * 1 + services * 4_000) / 1e6, 9);
    // records: its lookups and services, and every vehicle's answer published again once a day,
    // 41,000,000 / 86,400 s x 2,000 µs = 0.949 cores; with 0.556 for services, 1.505 / 0.7 = 2.15 -> 3 replicas.
    const republish = ((41_000_000 / 86_400) * 2_000) / 1e6;
    expect(result.republishCores).toBeCloseTo(republish, 9);
    expect(result.parts.records.cores).toBeCloseTo((lookups * 2 + services * 8_000) / 1e6 + republish, 9);
    expect(result.parts.records.replicas).toBe(3);
    expect(result.parts.records.memoryMiB).toBe(3 * 130);
    expect(result.totalReplicas).toBe(13);
    expect(result.totalMemoryMiB).toBe(2 * (100 + 110 + 120 + 130 + 140 + 150) + 130);
  });

  it('adds a replica for each 0.7 of a core beyond', () => {
    // 3x the services: identity 4.167 cores / 0.7 = 5.95 -> 6 replicas.
    const result = plan(inputs, { ...DEFAULT_LOAD, servicesPerGarageDay: 60 });
    expect(result.parts.identity.cores).toBeCloseTo(4.1667, 3);
    expect(result.parts.identity.replicas).toBe(6);
    expect(result.parts.identity.memoryMiB).toBe(6 * 110);
    expect(
      plan(inputs, { ...DEFAULT_LOAD, servicesPerGarageDay: 60 }, { ...DEFAULT_PLANNING, utilisation: 0.5 }).parts
        .identity.replicas,
    ).toBe(9);
  });

  it('sizes Redis by vehicles and Postgres by the register and a year of services', () => {
    const result = plan(inputs);
    expect(result.redisBytes).toBe(41_000_000 * 750);
    // 2,000 bytes a vehicle of 5 records = 400 bytes a record.
    expect(result.postgres.registerBytes).toBe(41_000_000 * 5 * 400);
    expect(result.postgres.recordsGrowthBytesPerYear).toBe(600_000 * 365 * 5_000);
    expect(result.postgres.notificationsGrowthBytesPerYear).toBe(600_000 * 365 * 2_000);
    expect(result.postgres.totalBytes).toBe(41_000_000 * 5 * 400 + 600_000 * 365 * 7_000);
    const longer = plan(inputs, { ...DEFAULT_LOAD, recordsPerVehicle: 10, years: 2 });
    expect(longer.postgres.registerBytes).toBe(41_000_000 * 10 * 400);
    expect(longer.postgres.totalBytes).toBe(41_000_000 * 10 * 400 + 2 * 600_000 * 365 * 7_000);
  });
});

describe('npm run capacity', () => {
  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/capacity.ts', ...args], { cwd: ROOT }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('names the benchmark to run when a figure is missing, and prints nothing else', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'capacity-'));
    const files = resultsFiles();
    delete files['create.json'];
    for (const [file, content] of Object.entries(files)) writeFileSync(path.join(dir, file), JSON.stringify(content));
    const { code, stdout, stderr } = await run(['--results', dir]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('run `npm run bench:create`');
    expect(stderr).toContain('create.json: argon2.cpuMicrosPerVerify');
    expect(stderr).not.toContain('bench:lookup');
  });

  it('prints each input beside its file and field, and the plan for the load asked for', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'capacity-'));
    for (const [file, content] of Object.entries(resultsFiles()))
      writeFileSync(path.join(dir, file), JSON.stringify(content));
    const { code, stdout } = await run(['--results', dir, '--vehicles', '1000000']);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /Redis bytes per vehicle, its answer published \(compressed\) +750 +lookup\.json: redis\.bytesPerVehicle/,
    );
    expect(stdout).toContain('1,000,000 vehicles');
    expect(stdout).toContain('Redis: 0.8 GB of published answers');
    // 1,000,000 / 86,400 s x 2,000 µs.
    expect(stdout).toContain("publishing every vehicle's answer again once a day: 0.023");
  });

  it('refuses a load figure that is not a number, saying which', async () => {
    const { code, stderr } = await run(['--garages', 'many']);
    expect(code).toBe(2);
    expect(stderr).toContain('--garages (CAPACITY_GARAGES) must be a number of at least 0, not "many"');
  });
});
