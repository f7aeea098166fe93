/** Where the platform's parts listen, which services this checkout has, and their databases. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './root.js';

export type ServiceName = 'identity' | 'garages' | 'records' | 'billing' | 'notifications';
export const SERVICE_NAMES: ServiceName[] = ['identity', 'garages', 'records', 'billing', 'notifications'];

export interface StackPorts {
  gateway: number;
  identity: number;
  garages: number;
  records: number;
  billing: number;
  notifications: number;
  stripeDouble: number;
  companiesHouseFake: number;
  dvlaDouble: number;
  dvsaDouble: number;
  smtp: number;
  smtpInbox: number;
}

/** The development ports, or the same layout shifted by an offset (the browser journeys use +10000). */
export function stackPorts(gatewayPort: number, offset = 0): StackPorts {
  return {
    gateway: gatewayPort,
    identity: 4001 + offset,
    garages: 4002 + offset,
    records: 4003 + offset,
    billing: 4004 + offset,
    notifications: 4005 + offset,
    stripeDouble: 4010 + offset,
    companiesHouseFake: 4011 + offset,
    dvlaDouble: 4012 + offset,
    dvsaDouble: 4013 + offset,
    smtp: 1025 + offset,
    smtpInbox: 8025 + offset,
  };
}

/** The services whose code exists in this checkout (a later issue brings the rest), narrowed by SH_SERVICES. */
export function availableServices(): ServiceName[] {
  const only = process.env.SH_SERVICES?.split(',').map((s) => s.trim());
  return SERVICE_NAMES.filter(
    (name) => existsSync(path.join(ROOT, 'services', name, 'src/main.ts')) && (!only || only.includes(name)),
  );
}

/** `postgresUrl` with another database. */
export function databaseUrl(postgresUrl: string, database: string): string {
  const url = new URL(postgresUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
