/**
 * The demo data's shapes and readers: scripts/generate-seed-data.ts writes data/seed/*.json in these shapes,
 * and the seed step, the benchmarks and the journeys read them back.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SEED_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../data/seed');

export type SeedSubscriptionStatus = 'active' | 'trialing' | 'past_due' | 'canceled';

export interface SeedGarage {
  id: string;
  name: string;
  address: string;
  email: string;
  phone: string;
  companies_house_number: string;
  full_name: string;
  referral_code: string;
  referred_by: string | null;
  created_at: string;
  subscription_status: SeedSubscriptionStatus;
}

export interface SeedRecord {
  id: string;
  garage_id: string;
  service_date: string;
  mileage: number;
  service_type: string;
  notes: string | null;
  technician_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
}

export interface SeedVehicle {
  registration: string;
  vin: string;
  make: string;
  model: string;
  first_registered: string;
  records: SeedRecord[];
}

export interface SeedAccounts {
  admin: { email: string; password: string };
  garage: { garage_id: string; password: string };
}

const readJson = <T>(file: string, dir: string): T => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as T;

/** The demo garages, from `dir` (the repository's data/seed by default). */
export const seedGarages = (dir = SEED_DIR): SeedGarage[] => readJson<SeedGarage[]>('garages.json', dir);
/** The demo vehicles and their records, from `dir` (the repository's data/seed by default). */
export const seedVehicles = (dir = SEED_DIR): SeedVehicle[] => readJson<SeedVehicle[]>('vehicles.json', dir);
export const seedAccounts = (dir = SEED_DIR): SeedAccounts => readJson<SeedAccounts>('accounts.json', dir);
