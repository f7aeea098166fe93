/**
 * The seeded vehicles (data/seed/vehicles.json) as the DVLA and DVSA doubles describe them. Everything the seed does
 * not hold (colour, fuel, engine, CO2, tax) is derived from the registration alone, so every run and every double
 * answers the same: the same registration always has the same colour, the same MOT tests and the same recall.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export const DEFAULT_VEHICLES_PATH = path.resolve(import.meta.dirname, '../../../data/seed/vehicles.json');
export const DEFAULT_MODELS_PATH = path.resolve(import.meta.dirname, '../../../data/generator/models.json');
/** The seed's own "today" (scripts/generate-seed-data.ts), so the answers never change with the calendar. */
export const SEED_TODAY = '2026-11-20';

const ZSeedVehicleSchema = z.looseObject({
  registration: z.string().min(1),
  make: z.string().min(1),
  model: z.string().min(1),
  first_registered: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  records: z.array(z.looseObject({ service_date: z.string(), mileage: z.number().int() })),
});
const ZModelSchema = z.looseObject({ make: z.string(), model: z.string(), ev: z.boolean().optional() });

export interface SeededVehicle {
  registration: string;
  make: string;
  model: string;
  firstRegistered: string;
  isElectric: boolean;
  /** The seeded service records' dates and mileages, oldest first. */
  readings: { date: string; miles: number }[];
}

/** Reads the seed and the model list; a malformed file stops the double with the reason. */
export async function readSeededVehicles(
  vehiclesPath = DEFAULT_VEHICLES_PATH,
  modelsPath = DEFAULT_MODELS_PATH,
): Promise<Map<string, SeededVehicle>> {
  const vehicles = z.array(ZSeedVehicleSchema).parse(JSON.parse(await readFile(vehiclesPath, 'utf8')));
  const models = z.array(ZModelSchema).parse(JSON.parse(await readFile(modelsPath, 'utf8')));
  const electric = new Set(models.filter((m) => m.ev).map((m) => `${m.make}|${m.model}`));
  return new Map(
    vehicles.map((v) => [
      v.registration.toUpperCase(),
      {
        registration: v.registration.toUpperCase(),
        make: v.make,
        model: v.model,
        firstRegistered: v.first_registered,
        isElectric: electric.has(`${v.make}|${v.model}`),
        readings: v.records
          .map((r) => ({ date: r.service_date, miles: r.mileage }))
          .sort((a, b) => a.date.localeCompare(b.date)),
      },
    ]),
  );
}

/** FNV-1a of a string: a stable number per registration (and salt) for every derived fact. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function pick<T>(items: readonly T[], registration: string, salt: string): T {
  return items[stableHash(`${registration}:${salt}`) % items.length]!;
}

const COLOURS = ['BLACK', 'WHITE', 'SILVER', 'GREY', 'BLUE', 'RED', 'GREEN', 'ORANGE', 'BROWN', 'YELLOW'] as const;
const ENGINES = [999, 1199, 1398, 1498, 1598, 1968, 1995, 2143] as const;

export interface VehicleFacts {
  /** DVLA's spelling: upper case. */
  colour: (typeof COLOURS)[number];
  fuel: 'PETROL' | 'DIESEL' | 'HYBRID ELECTRIC' | 'ELECTRICITY';
  /** Cubic centimetres; null for an electric car (DVLA leaves it out). */
  engineCapacity: number | null;
  co2Emissions: number;
}

/** The facts the seed does not hold, derived from the registration. */
export function vehicleFacts(vehicle: SeededVehicle): VehicleFacts {
  const colour = pick(COLOURS, vehicle.registration, 'colour');
  if (vehicle.isElectric) return { colour, fuel: 'ELECTRICITY', engineCapacity: null, co2Emissions: 0 };
  const fuel = pick(['PETROL', 'PETROL', 'DIESEL', 'HYBRID ELECTRIC'] as const, vehicle.registration, 'fuel');
  const engineCapacity = pick(ENGINES, vehicle.registration, 'engine');
  const co2Emissions = Math.round(
    engineCapacity / 14 + (fuel === 'HYBRID ELECTRIC' ? 0 : 30) + (stableHash(`${vehicle.registration}:co2`) % 20),
  );
  return { colour, fuel, engineCapacity, co2Emissions };
}

/** 'BMW' -> 'BMW', 'Land Rover' -> 'LAND ROVER': how DVLA and DVSA write a make or model. */
export function upper(text: string): string {
  return text.toUpperCase();
}

/** 'BLUE' -> 'Blue', 'HYBRID ELECTRIC' -> 'Hybrid Electric': how DVSA writes colours and fuels. */
export function titleCase(text: string): string {
  return text.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());
}
