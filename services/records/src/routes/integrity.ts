import { Router } from 'express';
import { ZVerifyChainRequestSchema } from '@sh/shared/contract';
import { parseOrThrow, type Pool } from '@sh/shared/server';
import { listSigningKeys } from '../domain/list-signing-keys.js';
import type { ReceiptSigner } from '../domain/signing-key.js';
import { verifyVehicleChain } from '../domain/verify-vehicle-chain.js';

/** The public integrity calls: anyone may recompute a vehicle's chain and fetch the keys that sign receipts. */
export function integrityRoutes(deps: { pool: Pool; signer: ReceiptSigner }): Router {
  const router = Router();

  router.get('/api/v1/service-records/verify{/:registration}', async (req, res) => {
    const { registration } = parseOrThrow(ZVerifyChainRequestSchema, { registration: req.params.registration ?? '' });
    res.setHeader('cache-control', 'no-cache');
    res.json({ status: 200, data: await verifyVehicleChain(deps.pool, deps.signer, registration) });
  });

  router.get('/api/v1/service-records/signing-key', async (_req, res) => {
    const keys = await listSigningKeys(deps.pool, deps.signer);
    // Kept a few minutes only: a key started by a rotation must soon be in every copy of the list.
    res.setHeader('cache-control', 'public, max-age=300');
    res.json({
      status: 200,
      data: { algorithm: 'Ed25519', publicKey: deps.signer.publicKeyPem, keyId: deps.signer.keyId, keys },
    });
  });

  return router;
}
