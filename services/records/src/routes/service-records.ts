import { Router, type Request, type Response } from 'express';
import {
  IDEMPOTENCY_KEY_HEADER,
  MESSAGES,
  ZCreateServiceRecordRequestSchema,
  ZCreateServiceRecordWithApiKeyRequestSchema,
  ZIdempotencyKeySchema,
  ZMyServiceRecordsQuerySchema,
  ZServiceRecordIdParamSchema,
  ZValidateVehicleRequestSchema,
  ZVinLookupRequestSchema,
} from '@sh/shared/contract';
import {
  authenticate,
  authenticateApiKey,
  authenticateGarageOrApiKey,
  garageIdOf,
  garageOf,
  parseOrThrow,
  requireCapability,
  type TokenVerifier,
} from '@sh/shared/server';
import { checkVehicle } from '../domain/check-vehicle.js';
import {
  createServiceRecord,
  type CreatedServiceRecord,
  type CreateServiceRecordDeps,
} from '../domain/create-service-record.js';
import { findGarageReceipt } from '../domain/find-garage-receipt.js';
import { findRecordedVin } from '../domain/find-recorded-vin.js';
import { listGarageRecords } from '../domain/list-garage-records.js';

/**
 * The garage's calls (docs/product.md#adding-a-service): the VIN lookup, the vehicle check, logging a service, and the garage's
 * own records and their receipts. Every one needs the token of the garage's owner or one of its technicians
 * (docs/product.md#the-garages-team), and acts for that garage; an admin or a user of no type is refused with 403. A
 * garage system's API key may list the records and log a service (docs/architecture.md#api-keys).
 */
export function serviceRecordRoutes(deps: CreateServiceRecordDeps & { verifier: TokenVerifier }): Router {
  const { pool } = deps;
  const router = Router();
  const garageOnly = [authenticate(deps.verifier), requireCapability('logServices')];
  const garageRecords = [authenticate(deps.verifier), requireCapability('readRecords')];

  router.get('/api/v1/service-records/vin/:registration', ...garageOnly, async (req, res) => {
    const { registration } = parseOrThrow(ZVinLookupRequestSchema, req.params);
    res.json({ status: 200, data: await findRecordedVin(pool, registration) });
  });

  router.post('/api/v1/service-records/validate', ...garageOnly, async (req, res) => {
    const input = parseOrThrow(ZValidateVehicleRequestSchema, req.body ?? {});
    res.json({ status: 200, data: await checkVehicle(pool, input) });
  });

  // The garage's own records: its dashboard, or a garage system with its API key (docs/architecture.md#api-keys).
  router.get('/api/v1/service-records/mine', authenticateGarageOrApiKey(deps.verifier), async (req, res) => {
    const query = parseOrThrow(ZMyServiceRecordsQuerySchema, req.query);
    res.setHeader('cache-control', 'private, no-store');
    res.json({ status: 200, data: await listGarageRecords(pool, garageOf(req), query) });
  });

  // A record's receipt with its place in the transparency log (its checkpoint and inclusion proof once one covers it).
  router.get('/api/v1/service-records/receipts/:id', ...garageRecords, async (req, res) => {
    const { id } = parseOrThrow(ZServiceRecordIdParamSchema, req.params);
    res.setHeader('cache-control', 'private, no-store');
    res.json({ status: 200, data: await findGarageReceipt(pool, garageIdOf(req.auth!), id) });
  });

  const answerCreated = (res: Response, created: CreatedServiceRecord) => {
    if (created.isReplay) res.setHeader('idempotent-replayed', 'true');
    res.status(201).json({
      status: 201,
      message: MESSAGES.submit.success,
      data: { serviceRecord: created.serviceRecord, receipt: created.receipt },
    });
  };
  const idempotencyKeyOf = (req: Request) => {
    const rawKey = req.header(IDEMPOTENCY_KEY_HEADER);
    return rawKey === undefined ? null : parseOrThrow(ZIdempotencyKeySchema, rawKey);
  };

  router.post('/api/v1/service-records', ...garageOnly, async (req, res) => {
    const request = parseOrThrow(ZCreateServiceRecordRequestSchema, req.body ?? {});
    const auth = req.auth!;
    // A technician's own name is the record's signer (docs/product.md#the-garages-team).
    const signer = { userId: auth.sub, technicianName: auth.role === 'technician' ? (auth.name ?? null) : null };
    const submission = { by: 'garage', request, signer } as const;
    const created = await createServiceRecord(deps, garageIdOf(auth), submission, idempotencyKeyOf(req));
    req.log?.info({ recordId: created.serviceRecord.id, isReplay: created.isReplay }, 'service record created');
    answerCreated(res, created);
  });

  // A garage system logs a service with its API key (the gateway forwards identity's key token in the key's place).
  router.post('/api/v1/service-records/by-api-key', authenticateApiKey(deps.verifier), async (req, res) => {
    const request = parseOrThrow(ZCreateServiceRecordWithApiKeyRequestSchema, req.body ?? {});
    const { garageId, keyId, keyName } = req.apiKey!;
    const submission = { by: 'api-key', request, key: { id: keyId, name: keyName } } as const;
    const created = await createServiceRecord(deps, garageId, submission, idempotencyKeyOf(req));
    req.log?.info(
      { recordId: created.serviceRecord.id, isReplay: created.isReplay, apiKeyId: keyId },
      'service record created with an API key',
    );
    answerCreated(res, created);
  });

  return router;
}
