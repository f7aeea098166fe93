/**
 * A local double of DVLA's Vehicle Enquiry Service, for development and tests. It speaks the one call the records
 * service makes, like the real API: POST /vehicle-enquiry/v1/vehicles with the key in x-api-key and
 * {"registrationNumber": "AB12CDE"}; 200 with the vehicle, 404 with the API's error body for an unknown one, 400 for a
 * missing registration, 403 without the right key. The seeded vehicles are its data (see seeded-vehicles.ts).
 */
import express from 'express';
import {
  SEED_TODAY,
  readSeededVehicles,
  stableHash,
  upper,
  vehicleFacts,
  type SeededVehicle,
} from './seeded-vehicles.js';
import { createDoubleControl, listenDouble, type DoubleControl } from './control.js';
import { firstMotDue, motTestsFor } from '../dvsa/mot-tests.js';

export const DEV_DVLA_API_KEY = 'dev-dvla-key';

export interface DvlaDoubleOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** The key callers must send in x-api-key (default DEV_DVLA_API_KEY). */
  apiKey?: string;
  vehiclesPath?: string;
  modelsPath?: string;
}

export interface DvlaDouble {
  url: string;
  control: DoubleControl;
  close(): Promise<void>;
}

/** The Vehicle Enquiry Service's answer for a seeded vehicle. */
export function vehicleEnquiryFor(vehicle: SeededVehicle, today = SEED_TODAY): Record<string, unknown> {
  const facts = vehicleFacts(vehicle);
  const lastPass = motTestsFor(vehicle, today).find((t) => t.testResult === 'PASSED');
  const mot = lastPass?.expiryDate
    ? { motStatus: lastPass.expiryDate >= today ? 'Valid' : 'Not valid', motExpiryDate: lastPass.expiryDate }
    : { motStatus: 'No details held by DVLA', motExpiryDate: firstMotDue(vehicle) };
  const roll = stableHash(`${vehicle.registration}:tax`);
  const taxDue = `${Number(today.slice(0, 4)) + (roll % 12 < Number(today.slice(5, 7)) ? 1 : 0)}-${String((roll % 12) + 1).padStart(2, '0')}-01`;
  const tax =
    roll % 15 === 0
      ? { taxStatus: 'SORN' }
      : mot.motStatus === 'Not valid'
        ? { taxStatus: 'Untaxed', taxDueDate: `${mot.motExpiryDate.slice(0, 8)}01` }
        : { taxStatus: 'Taxed', taxDueDate: taxDue };
  return {
    registrationNumber: vehicle.registration,
    ...tax,
    ...mot,
    make: upper(vehicle.make),
    yearOfManufacture: Number(vehicle.firstRegistered.slice(0, 4)),
    ...(facts.engineCapacity === null ? {} : { engineCapacity: facts.engineCapacity }),
    co2Emissions: facts.co2Emissions,
    fuelType: facts.fuel,
    markedForExport: false,
    colour: facts.colour,
    typeApproval: 'M1',
    dateOfLastV5CIssued: `${vehicle.readings.at(-1)?.date ?? vehicle.firstRegistered}`,
    wheelplan: '2 AXLE RIGID BODY',
    monthOfFirstRegistration: vehicle.firstRegistered.slice(0, 7),
  };
}

const errorBody = (status: number) => ({
  errors: [
    {
      status: String(status),
      code: String(status),
      title: status === 429 ? 'Too Many Requests' : 'Internal Server Error',
    },
  ],
});

/** Starts the double on a port; resolves once it listens. */
export async function startDvlaDouble(options: DvlaDoubleOptions = {}): Promise<DvlaDouble> {
  const vehicles = await readSeededVehicles(options.vehiclesPath, options.modelsPath);
  const apiKey = options.apiKey ?? DEV_DVLA_API_KEY;
  const control = createDoubleControl();

  const app = express();
  app.disable('x-powered-by');
  app.use(control.router);
  app.post('/vehicle-enquiry/v1/vehicles', express.json(), async (req, res) => {
    control.counts.vehicleRequests += 1;
    if (req.header('x-api-key') !== apiKey) {
      res.status(403).json({ message: 'Forbidden' });
      return;
    }
    if (await control.interfere(res, errorBody)) return;
    const registration = (req.body as { registrationNumber?: unknown } | undefined)?.registrationNumber;
    if (typeof registration !== 'string' || !/^[A-Za-z0-9 ]{1,8}$/.test(registration)) {
      res.status(400).json({
        errors: [{ status: '400', code: 'ENQ103', title: 'Invalid format for field - vehicle registration number' }],
      });
      return;
    }
    const vehicle = vehicles.get(registration.replace(/ /g, '').toUpperCase());
    if (!vehicle) {
      res.status(404).json({
        errors: [{ status: '404', code: '404', title: 'Vehicle Not Found', detail: 'Record for vehicle not found' }],
      });
      return;
    }
    res.json(vehicleEnquiryFor(vehicle));
  });
  app.use((_req, res) => {
    res.status(404).json({ message: 'Not Found' });
  });

  const listening = await listenDouble(app, options.port ?? 0, options.host ?? '127.0.0.1');
  return { url: listening.url, control, close: listening.close };
}
