/** The demo data the journeys run against, read from the same files the seed step loads. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  seedAccounts as readSeedAccounts,
  seedGarages as readSeedGarages,
  seedVehicles as readSeedVehicles,
} from '@sh/shared/seed-data';

const root = path.join(import.meta.dirname, '../..');
const read = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;

interface Company {
  company_number: string;
  company_name: string;
  company_status: string;
}

export type { SeedGarage, SeedVehicle } from '@sh/shared/seed-data';
export const seedGarages = readSeedGarages();
export const seedVehicles = readSeedVehicles();
export const seedAccounts = readSeedAccounts();
const companies = read<Company[]>('data/companies-house/companies.json');

/** Active fixture companies that no seeded garage has signed up with, in file order. */
export const unregisteredCompanies = companies.filter(
  (c) => c.company_status === 'active' && !seedGarages.some((g) => g.companies_house_number === c.company_number),
);

/** A garage name as a person would type it for a company ("BRIDGEND AUTO REPAIRS LTD" -> "Bridgend Auto Repairs Ltd"). */
export function tradingName(company: Company): string {
  return company.company_name.toLowerCase().replace(/\b\w/g, (letter) => letter.toUpperCase());
}
