import { DEVELOPMENT_LOG, RECORD_IMPORT_BODY_LIMIT } from '@sh/shared/contract';
import { createLookupAnswers, type LookupAnswers } from '@sh/shared/lookup-cache';
import { createServiceApp, type ServiceAppDeps, type TokenVerifier } from '@sh/shared/server';
import type { PasswordChecker } from './clients/identity.js';
import { forgetVehicleSources, type VehicleReportDeps } from './domain/build-vehicle-report.js';
import type { ExportLimits } from './domain/export-garage-records.js';
import type { LogIdentity } from './domain/log-signer.js';
import { lookupHistoriesOf } from './domain/lookup-histories.js';
import type { ReceiptSigner } from './domain/signing-key.js';
import { adminRecordRoutes } from './routes/admin-records.js';
import { garageServicesLoggedRoutes } from './routes/garage-services-logged.js';
import { integrityRoutes } from './routes/integrity.js';
import { internalAdminRecordRoutes } from './routes/internal-admin-records.js';
import { lookupByVinRoutes, lookupRoutes } from './routes/lookup.js';
import { platformFiguresRoutes } from './routes/platform-figures.js';
import { recordExportRoutes } from './routes/record-export.js';
import { RECORD_IMPORT_PATH, recordImportRoutes } from './routes/record-import.js';
import { serviceRecordRoutes } from './routes/service-records.js';
import { transparencyLogRoutes } from './routes/transparency-log.js';
import { vehicleRoutes } from './routes/vehicles.js';

export interface RecordsAppDeps extends ServiceAppDeps {
  verifier: TokenVerifier;
  signer: ReceiptSigner;
  identity: PasswordChecker;
  /** The buyer's report (GET /vehicles/{registration}): DVLA, DVSA and their cache; absent, the route is not served. */
  vehicleReport?: VehicleReportDeps;
  /** The public lookup's answers (main.ts keeps them, shared through Redis); without, each lookup reads afresh. */
  lookupAnswers?: LookupAnswers;
  /** Records of an import sealed to a transaction (config.ts: RECORD_IMPORT_BATCH_ROWS). */
  importBatchRows?: number;
  /** What bounds exports (config.ts); DEFAULT_EXPORT_LIMITS when absent. */
  exportLimits?: ExportLimits;
  /** The transparency log's origin and current verifier key (GET log/key); the development log's when absent. */
  log?: LogIdentity;
  now?: () => Date;
}

/**
 * Builds the records service's express app (no listen), for main.ts and the tests. Every lookup takes the app's chain:
 * records is asked only for answers the gateway did not find published (bench/README.md measured no gain from a fast
 * path of its own).
 */
export function buildRecordsApp(deps: RecordsAppDeps) {
  const lookupAnswers =
    deps.lookupAnswers ??
    createLookupAnswers({ histories: lookupHistoriesOf(deps.pool), prefix: '', logger: deps.logger });
  const app = createServiceApp({
    ...deps,
    service: 'records',
    largeJsonRoutes: [{ path: RECORD_IMPORT_PATH, limit: RECORD_IMPORT_BODY_LIMIT }],
    routes: (app) => {
      app.use(lookupRoutes(lookupAnswers));
      app.use(lookupByVinRoutes(deps.pool));
      app.use(integrityRoutes({ pool: deps.pool, signer: deps.signer }));
      app.use(platformFiguresRoutes(deps));
      app.use(garageServicesLoggedRoutes(deps));
      app.use(transparencyLogRoutes({ pool: deps.pool, log: deps.log ?? DEVELOPMENT_LOG }));
      // Once a write is stored, before its answer goes out, its vehicle's lookup answers are marked stale in every
      // instance (the writer's next lookup, through any instance, shows it) and its cached DVLA and DVSA answers go.
      const onRecordWritten = async (registration: string) => {
        await Promise.all([
          lookupAnswers.invalidate(registration).catch((error: unknown) => {
            deps.logger.warn(
              { err: error },
              "lookup answers could not be marked stale; the record's event marks them once Redis answers",
            );
          }),
          forgetVehicleSources(deps.vehicleReport?.cache, registration),
        ]);
      };
      const writeDeps = { ...deps, onRecordWritten };
      app.use(serviceRecordRoutes(writeDeps));
      app.use(recordExportRoutes(deps));
      app.use(recordImportRoutes(writeDeps));
      app.use(adminRecordRoutes(writeDeps));
      if (deps.vehicleReport) app.use(vehicleRoutes(deps.vehicleReport));
      app.use(internalAdminRecordRoutes(deps));
    },
  });
  return app;
}
