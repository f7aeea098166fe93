import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { MESSAGES } from './messages.js';

// Service reminders (docs/product.md#service-reminders): a customer who was mailed a service record opts in to one
// reminder from that garage when the vehicle is due; every reminder mail carries a one-click unsubscribe (RFC 8058).

/**
 * Service reminders (docs/product.md#service-reminders): due this many months after the service, or this many before
 * the MOT expiry DVSA reports, as the garage chose; an opt-in link in the customer's mail works this many days.
 */
export const SERVICE_REMINDER = { monthsAfterService: 11, monthsBeforeMot: 1, optInLinkDays: 90 } as const;

/** A link's single-purpose token: 32 random bytes, base64url. Kept only as its SHA-256. */
export const ZReminderTokenSchema = z
  .string({ error: MESSAGES.confirmEmail.invalidOrExpired })
  .regex(/^[A-Za-z0-9_-]{43}$/, MESSAGES.confirmEmail.invalidOrExpired);

/** What a reminder's due date is counted from: the service (11 months after) or the MOT expiry (a month before). */
export const REMINDER_BASES = ['service', 'mot'] as const;
export const ZReminderBasisSchema = z.enum(REMINDER_BASES, { error: MESSAGES.platform.invalidRequest });
export type TReminderBasis = z.infer<typeof ZReminderBasisSchema>;

/** How a reminder's due date was found: as the garage chose, or 11 months after the service for want of an MOT date. */
export const ZReminderDueFromSchema = z.enum(['service', 'mot', 'service_no_mot_expiry']);
export type TReminderDueFrom = z.infer<typeof ZReminderDueFromSchema>;

/** POST /reminders/opt-in {token}: the customer's "Remind me", from the link in the service-recorded mail. */
export const ZReminderOptInRequestSchema = z.object({ token: ZReminderTokenSchema });
export const ZReminderOptInResponseSchema = successEnvelope(
  z.object({
    registration: z.string(),
    garageName: z.string(),
    /** YYYY-MM-DD, on the UK calendar. */
    dueDate: z.string(),
    dueFrom: ZReminderDueFromSchema,
  }),
);

/**
 * One-click unsubscribes (RFC 8058) the gateway lets one address make a minute unless RATE_LIMIT_ONE_CLICK_PER_MINUTE
 * says otherwise: a mailbox provider sends every user's click from a few addresses, so it is far above the credentials'
 * 20; each click names a link token of 256 bits, which no count of guesses reaches.
 */
export const ONE_CLICK_PER_MINUTE = 1200;

/** GET and POST /reminders/unsubscribe?token=: the link (and List-Unsubscribe header) of every reminder mail. */
export const ZReminderUnsubscribeQuerySchema = z.object({ token: ZReminderTokenSchema });
/** RFC 8058's one-click body, form-encoded by mail clients (or JSON from the web page). */
export const ZReminderUnsubscribeRequestSchema = z.object({
  'List-Unsubscribe': z.literal('One-Click', { error: MESSAGES.platform.invalidRequest }),
});
export const ZReminderSubscriptionResponseSchema = successEnvelope(
  z.object({ registration: z.string(), garageName: z.string(), subscribed: z.boolean() }),
);

/** GET /reminders/garage, PATCH /reminders/garage {basis}: the garage's setting and its counts, never an address. */
export const ZGarageReminderSettingsRequestSchema = z.object({ basis: ZReminderBasisSchema });
export const ZGarageRemindersResponseSchema = successEnvelope(
  z.object({
    basis: ZReminderBasisSchema,
    /** Reminder mails sent for this garage. */
    sent: z.number().int().min(0),
    /** Customers (vehicle and address) opted in now, not unsubscribed. */
    optedIn: z.number().int().min(0),
  }),
);
export type TGarageReminders = z.infer<typeof ZGarageRemindersResponseSchema>['data'];
