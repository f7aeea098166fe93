import { Router } from 'express';
import { ZCallbackRequestSchema, ZContactRequestSchema, CONTACT_MESSAGES } from '@sh/shared/contract';
import { parseOrThrow, type Pool, type TokenVerifier } from '@sh/shared/server';
import { receiveContactMessage } from '../domain/receive-contact-message.js';
import { requestCallback } from '../domain/request-callback.js';
import { identifyCaller } from './identify-caller.js';

/**
 * POST /api/v1/contact: the public contact form (200, docs/product.md#contact-and-callback).
 * POST /api/v1/contact/garage: a garage's callback request (201), from a visitor or a signed-in user.
 */
export function contactRoutes(pool: Pool, verifier: TokenVerifier): Router {
  const router = Router();
  router.post('/api/v1/contact', async (req, res) => {
    const message = parseOrThrow(ZContactRequestSchema, req.body);
    const { id } = await receiveContactMessage(pool, message);
    req.log.info({ contactMessageId: id }, 'contact message received');
    res.status(200).json({ status: 200, message: CONTACT_MESSAGES.contact.success, data: { id } });
  });
  router.post('/api/v1/contact/garage', identifyCaller(verifier), async (req, res) => {
    const request = parseOrThrow(ZCallbackRequestSchema, req.body);
    const { id } = await requestCallback(pool, request, req.auth?.sub ?? null);
    req.log.info({ callbackRequestId: id }, 'callback requested');
    res.status(201).json({ status: 201, message: CONTACT_MESSAGES.callback.success, data: { id } });
  });
  return router;
}
