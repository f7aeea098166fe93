/**
 * A local double of DVSA's MOT History API and of the token endpoint in front of it, for development and tests. It
 * speaks what the records service uses, like the real ones:
 *
 * - POST /oauth2/token: the OAuth2 client-credentials grant (a form with grant_type, client_id, client_secret and
 *   scope); 200 {token_type, expires_in, access_token}, 401 {error: 'invalid_client'} for other credentials.
 * - GET /v1/trade/vehicles/registration/{registration} with `Authorization: Bearer` and `X-API-Key`: the vehicle and
 *   its MOT tests (mot-tests.ts), 404 for an unknown registration, 401 without a live token, 403 without the key.
 */
import { randomBytes } from 'node:crypto';
import express from 'express';
import { readSeededVehicles, titleCase, upper, vehicleFacts, type SeededVehicle } from '../dvla/seeded-vehicles.js';
import { createDoubleControl, listenDouble, type DoubleControl } from '../dvla/control.js';
import { firstMotDue, hasOutstandingRecall, motTestsFor } from './mot-tests.js';

export const DEV_DVSA_CLIENT_ID = 'dev-dvsa-client';
export const DEV_DVSA_CLIENT_SECRET = 'dev-dvsa-client-secret';
export const DEV_DVSA_API_KEY = 'dev-dvsa-key';
export const DVSA_SCOPE = 'https://tapi.dvsa.gov.uk/.default';

export interface DvsaDoubleOptions {
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  apiKey?: string;
  /** How long a token lives (default 3599 s, as the real token endpoint answers). */
  tokenTtlSeconds?: number;
  /** The double's clock for token lifetimes (unix ms), for a test that moves time itself. */
  now?: () => number;
  vehiclesPath?: string;
  modelsPath?: string;
}

export interface DvsaDouble {
  url: string;
  /** Where the token endpoint is: `${url}/oauth2/token`. */
  tokenUrl: string;
  control: DoubleControl;
  close(): Promise<void>;
}

/** The MOT History API's answer for a seeded vehicle. */
export function motHistoryFor(vehicle: SeededVehicle): Record<string, unknown> {
  const facts = vehicleFacts(vehicle);
  const motTests = motTestsFor(vehicle);
  return {
    registration: vehicle.registration,
    make: upper(vehicle.make),
    model: upper(vehicle.model),
    firstUsedDate: vehicle.firstRegistered,
    fuelType: titleCase(facts.fuel === 'ELECTRICITY' ? 'ELECTRIC' : facts.fuel),
    primaryColour: titleCase(facts.colour),
    registrationDate: vehicle.firstRegistered,
    manufactureDate: vehicle.firstRegistered,
    ...(facts.engineCapacity === null ? {} : { engineSize: String(facts.engineCapacity) }),
    hasOutstandingRecall: hasOutstandingRecall(vehicle) ? 'Yes' : 'No',
    ...(motTests.length === 0 ? { motTestDueDate: firstMotDue(vehicle) } : {}),
    motTests,
  };
}

const errorBody = (status: number) => ({
  errorCode: status === 429 ? 'MOTH-RL-01' : 'MOTH-IS-01',
  errorMessage: status === 429 ? 'Too many requests' : 'Internal server error',
  requestId: randomBytes(8).toString('hex'),
});

/** Starts the double on a port; resolves once it listens. */
export async function startDvsaDouble(options: DvsaDoubleOptions = {}): Promise<DvsaDouble> {
  const vehicles = await readSeededVehicles(options.vehiclesPath, options.modelsPath);
  const clientId = options.clientId ?? DEV_DVSA_CLIENT_ID;
  const clientSecret = options.clientSecret ?? DEV_DVSA_CLIENT_SECRET;
  const apiKey = options.apiKey ?? DEV_DVSA_API_KEY;
  const ttlSeconds = options.tokenTtlSeconds ?? 3599;
  /** Live tokens and when they expire (ms). */
  const tokens = new Map<string, number>();
  const clock = options.now ?? Date.now;
  const control = createDoubleControl();

  const app = express();
  app.disable('x-powered-by');
  app.use(control.router);
  app.post('/oauth2/token', express.urlencoded({ extended: false }), (req, res) => {
    control.counts.tokenRequests += 1;
    const form = (req.body ?? {}) as Record<string, unknown>;
    if (form.grant_type !== 'client_credentials') {
      res
        .status(400)
        .json({ error: 'unsupported_grant_type', error_description: 'Only client_credentials is supported.' });
      return;
    }
    if (form.client_id !== clientId || form.client_secret !== clientSecret) {
      res.status(401).json({ error: 'invalid_client', error_description: 'Invalid client credentials.' });
      return;
    }
    if (form.scope !== undefined && form.scope !== DVSA_SCOPE) {
      res.status(400).json({ error: 'invalid_scope', error_description: `Unknown scope ${String(form.scope)}.` });
      return;
    }
    const token = randomBytes(24).toString('base64url');
    const now = clock();
    for (const [old, expiresAt] of tokens) if (expiresAt <= now) tokens.delete(old);
    tokens.set(token, now + ttlSeconds * 1000);
    res.json({ token_type: 'Bearer', expires_in: ttlSeconds, ext_expires_in: ttlSeconds, access_token: token });
  });
  app.get('/v1/trade/vehicles/registration/:registration', async (req, res) => {
    control.counts.vehicleRequests += 1;
    const bearer = /^Bearer (\S+)$/.exec(req.header('authorization') ?? '')?.[1];
    const expiresAt = bearer === undefined ? undefined : tokens.get(bearer);
    if (expiresAt === undefined || expiresAt <= clock()) {
      res.status(401).json({ message: 'Unauthorized' });
      return;
    }
    if (req.header('x-api-key') !== apiKey) {
      res.status(403).json({ message: 'Forbidden' });
      return;
    }
    if (await control.interfere(res, errorBody)) return;
    const vehicle = vehicles.get(req.params.registration.replace(/ /g, '').toUpperCase());
    if (!vehicle) {
      res.status(404).json({
        errorCode: 'MOTH-NP-01',
        errorMessage: `No data found for registration ${req.params.registration}`,
        requestId: randomBytes(8).toString('hex'),
      });
      return;
    }
    res.json(motHistoryFor(vehicle));
  });
  app.use((_req, res) => {
    res.status(404).json({ message: 'Not Found' });
  });

  const listening = await listenDouble(app, options.port ?? 0, options.host ?? '127.0.0.1');
  return { url: listening.url, tokenUrl: `${listening.url}/oauth2/token`, control, close: listening.close };
}
