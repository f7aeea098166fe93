import express, { Router } from 'express';
import {
  ZGarageReminderSettingsRequestSchema,
  ZReminderOptInRequestSchema,
  ZReminderUnsubscribeQuerySchema,
  ZReminderUnsubscribeRequestSchema,
} from '@sh/shared/contract';
import { authenticate, parseOrThrow, requireRole, type Pool, type TokenVerifier } from '@sh/shared/server';
import type { MotExpiryLookup } from '../clients/mot-expiry.js';
import { confirmServiceReminder } from '../domain/confirm-service-reminder.js';
import { garageReminders } from '../domain/garage-reminders.js';
import { unsubscribeServiceReminder } from '../domain/unsubscribe-service-reminder.js';
import { ONE_CLICK_BODY_LIMIT, oneClickFields } from './one-click-body.js';

/**
 * Service reminders (docs/product.md#service-reminders). Public, no sign-in, each by its link's token (never logged):
 * POST /api/v1/reminders/opt-in {token}, the customer's "Remind me";
 * GET /api/v1/reminders/unsubscribe?token=, what the link unsubscribes from (changes nothing);
 * POST /api/v1/reminders/unsubscribe?token= with List-Unsubscribe=One-Click (form-encoded or multipart, RFC 8058, or
 * JSON; at most ONE_CLICK_BODY_LIMIT).
 * The garage's own: GET and PATCH /api/v1/reminders/garage, its setting and counts.
 */
export function reminderRoutes(deps: { pool: Pool; verifier: TokenVerifier; lookupMotExpiry: MotExpiryLookup }) {
  const router = Router();
  router.post('/api/v1/reminders/opt-in', async (req, res) => {
    const { token } = parseOrThrow(ZReminderOptInRequestSchema, req.body);
    const data = await confirmServiceReminder(deps.pool, deps.lookupMotExpiry, token);
    req.log.info({ dueFrom: data.dueFrom }, 'service reminder confirmed');
    res.status(200).json({ status: 200, data });
  });
  router.get('/api/v1/reminders/unsubscribe', async (req, res) => {
    const { token } = parseOrThrow(ZReminderUnsubscribeQuerySchema, req.query);
    res.status(200).json({ status: 200, data: await unsubscribeServiceReminder(deps.pool, token, false) });
  });
  router.post(
    '/api/v1/reminders/unsubscribe',
    express.urlencoded({ extended: false, limit: ONE_CLICK_BODY_LIMIT, parameterLimit: 10 }),
    express.raw({ type: 'multipart/form-data', limit: ONE_CLICK_BODY_LIMIT }),
    async (req, res) => {
      const { token } = parseOrThrow(ZReminderUnsubscribeQuerySchema, req.query);
      parseOrThrow(ZReminderUnsubscribeRequestSchema, oneClickFields(req));
      const data = await unsubscribeServiceReminder(deps.pool, token, true);
      req.log.info('service reminder unsubscribed');
      res.status(200).json({ status: 200, data });
    },
  );
  const garageOnly = [authenticate(deps.verifier), requireRole('garage')];
  router.get('/api/v1/reminders/garage', ...garageOnly, async (req, res) => {
    res.status(200).json({ status: 200, data: await garageReminders(deps.pool, req.auth!.sub) });
  });
  router.patch('/api/v1/reminders/garage', ...garageOnly, async (req, res) => {
    const { basis } = parseOrThrow(ZGarageReminderSettingsRequestSchema, req.body);
    res.status(200).json({ status: 200, data: await garageReminders(deps.pool, req.auth!.sub, basis) });
  });
  return router;
}
