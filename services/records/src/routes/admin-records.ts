import { Router, type Request } from 'express';
import {
  ERASURE_MESSAGES,
  ZAmendServiceRecordRequestSchema,
  ZEraseRecordFieldsRequestSchema,
  ZServiceRecordIdParamSchema,
  ZWithdrawServiceRecordRequestSchema,
  type TAdminActor,
  ADMIN_ACTION_MESSAGES,
} from '@sh/shared/contract';
import { authenticate, parseOrThrow, requireRole, type TokenVerifier } from '@sh/shared/server';
import { amendServiceRecord, type CorrectionDeps } from '../domain/amend-service-record.js';
import { eraseRecordFields } from '../domain/erase-record-fields.js';
import { withdrawServiceRecord } from '../domain/withdraw-service-record.js';

/**
 * The admin's corrections (PATCH and DELETE service-records/{id}; docs/product.md#corrections: an edit is an
 * amendment, a delete a withdrawal), and erasures of personal fields (issue 23). Admins only: no token 401, a garage 403 (garages cannot edit or delete what they
 * submitted), then an id that is not a UUID 400, a bad body 400, an unknown id 404.
 */
export function adminRecordRoutes(deps: CorrectionDeps & { verifier: TokenVerifier }): Router {
  const router = Router();
  const adminOnly = [authenticate(deps.verifier), requireRole('admin')];

  router.patch('/api/v1/service-records/:id', ...adminOnly, async (req, res) => {
    const { id } = parseOrThrow(ZServiceRecordIdParamSchema, req.params);
    const input = parseOrThrow(ZAmendServiceRecordRequestSchema, req.body ?? {});
    const serviceRecord = await amendServiceRecord(deps, actorOf(req), id, input);
    req.log?.info({ recordId: id, amendments: serviceRecord.amendments.length }, 'service record amended');
    res.json({ status: 200, message: ADMIN_ACTION_MESSAGES.recordAmended, data: { serviceRecord } });
  });

  router.delete('/api/v1/service-records/:id', ...adminOnly, async (req, res) => {
    const { id } = parseOrThrow(ZServiceRecordIdParamSchema, req.params);
    const { reason } = parseOrThrow(ZWithdrawServiceRecordRequestSchema, req.body ?? {});
    const serviceRecord = await withdrawServiceRecord(deps, actorOf(req), id, reason);
    req.log?.info({ recordId: id }, 'service record withdrawn');
    res.json({ status: 200, message: ADMIN_ACTION_MESSAGES.recordWithdrawn, data: { serviceRecord } });
  });

  // An erasure deletes fields' values for good; the entries keep verifying from their salted commitments.
  router.post('/api/v1/service-records/erasures/:id', ...adminOnly, async (req, res) => {
    const { id } = parseOrThrow(ZServiceRecordIdParamSchema, req.params);
    const input = parseOrThrow(ZEraseRecordFieldsRequestSchema, req.body ?? {});
    const serviceRecord = await eraseRecordFields(deps, actorOf(req), id, input);
    req.log?.info({ recordId: id, fields: input.fields }, 'service record fields erased');
    res.json({ status: 200, message: ERASURE_MESSAGES.recordErased, data: { serviceRecord } });
  });

  return router;
}

/** The admin acting, from their verified token. */
function actorOf(req: Request): TAdminActor {
  return { id: req.auth!.sub, email: req.auth!.email };
}
