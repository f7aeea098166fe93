/**
 * Runs the Companies House fake on its own: `npx tsx doubles/src/companies-house/main.ts`. Listens on 4011
 * unless COMPANIES_HOUSE_FAKE_PORT says otherwise, and serves data/companies-house/companies.json unless
 * COMPANIES_HOUSE_FIXTURES names another file.
 */
import path from 'node:path';
import { LOCAL_PORTS } from '@sh/shared/server';
import { startCompaniesHouseFake } from './server.js';

const DEFAULT_FIXTURES = path.resolve(import.meta.dirname, '../../../data/companies-house/companies.json');

function portFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`[companies-house-fake] not a port: ${value}\n`);
    process.exit(1);
  }
  return port;
}

const fixturesPath = process.env.COMPANIES_HOUSE_FIXTURES || DEFAULT_FIXTURES;
const fake = await startCompaniesHouseFake({
  port: portFrom(process.env.COMPANIES_HOUSE_FAKE_PORT, LOCAL_PORTS.companiesHouseFake),
  host: process.env.COMPANIES_HOUSE_FAKE_HOST || '127.0.0.1',
  fixturesPath,
}).catch((error: unknown) => {
  process.stderr.write(`[companies-house-fake] cannot start: ${(error as Error).message}\n`);
  process.exit(1);
});
process.stdout.write(`[companies-house-fake] serving ${fixturesPath} at ${fake.url}\n`);

let isStopping = false;
const stop = (signal: string) => {
  if (isStopping) return;
  isStopping = true;
  process.stdout.write(`[companies-house-fake] ${signal} received; stopping\n`);
  const timer = setTimeout(() => process.exit(1), 5000);
  timer.unref();
  void fake.close().then(() => process.exit(0));
};
process.once('SIGTERM', () => stop('SIGTERM'));
process.once('SIGINT', () => stop('SIGINT'));
