import { Router } from 'express';
import { RECORD_IMPORT_MESSAGES, ZRecordImportRequestSchema } from '@sh/shared/contract';
import { authenticate, garageIdOf, parseOrThrow, requireCapability, type TokenVerifier } from '@sh/shared/server';
import {
  importGarageRecords,
  previewRecordImport,
  type ImportGarageRecordsDeps,
} from '../domain/record-import/import-garage-records.js';

/** Where the import's calls live: their JSON bodies may be larger than any other's (app.ts, largeJsonRoutes). */
export const RECORD_IMPORT_PATH = '/api/v1/service-records/import';

/**
 * The garage's import of its own history (docs/product.md#importing-a-garages-history): a preview of every row's
 * problems, then the import, every row or none. The owner's alone (capability importRecords): neither a technician
 * nor an API key may import. Each body ({csv}) is read whole before the caller is checked, as every body is.
 */
export function recordImportRoutes(deps: ImportGarageRecordsDeps & { verifier: TokenVerifier }): Router {
  const router = Router();
  const ownerOnly = [authenticate(deps.verifier), requireCapability('importRecords')];

  router.post(`${RECORD_IMPORT_PATH}/preview`, ...ownerOnly, async (req, res) => {
    const { csv } = parseOrThrow(ZRecordImportRequestSchema, req.body ?? {});
    res.setHeader('cache-control', 'private, no-store');
    res.json({ status: 200, data: await previewRecordImport(deps, garageIdOf(req.auth!), csv) });
  });

  router.post(RECORD_IMPORT_PATH, ...ownerOnly, async (req, res) => {
    const { csv } = parseOrThrow(ZRecordImportRequestSchema, req.body ?? {});
    const imported = await importGarageRecords(deps, garageIdOf(req.auth!), csv);
    req.log?.info({ imported: imported.imported }, 'service records imported');
    res.status(201).json({ status: 201, message: RECORD_IMPORT_MESSAGES.imported(imported.imported), data: imported });
  });

  return router;
}
