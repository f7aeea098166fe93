/**
 * API keys for garage systems (docs/product.md#api-keys, docs/architecture.md#api-keys): the garage's owner makes, lists
 * and revokes them; a key may log a service for its garage and read the garage's records, and nothing else.
 */
import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { MESSAGES } from './messages.js';
import { ZCreateServiceRecordRequestSchema } from './records.js';

/**
 * The words of API keys users see (docs/product.md#api-keys). Kept here rather than in MESSAGES, which the web app
 * loads up front: only the dashboard's lazily loaded keys panel needs them, and the first load has no room to spare.
 */
export const API_KEY_MESSAGES = {
  nameRequired: 'Give the key a name (1 to 60 characters)',
  nameTaken: 'You already have a key with that name',
  created: 'Copy the key now: it will not be shown again.',
  revoked: 'The key was revoked',
  technicianRequired: 'Name the technician who did the work',
  technicianUnknown: 'No technician of your garage has that name',
  loggedBy: (name: string) => `Logged by API key ${name}`,
} as const;

/** The records one API key may log a minute unless RATE_LIMIT_API_KEY_RECORDS_PER_MINUTE says otherwise. */
export const API_KEY_RECORDS_PER_MINUTE = 120;

/** What every key starts with; the gateway tells a key from an access token by it. */
export const API_KEY_START = 'wm_live_';
/**
 * A key as it is handed out: `wm_live_`, 8 letters and digits that name it (its prefix, shown in the list and safe to
 * log), `_`, and 43 characters of base64url (256 random bits). Only an HMAC of the whole key is stored.
 */
export const API_KEY_PATTERN = /^wm_live_([a-z0-9]{8})_([A-Za-z0-9_-]{43})$/;

/** Whether a bearer credential is an API key (rather than an access token), by its start alone. */
export function isApiKeyCredential(credential: string): boolean {
  return credential.startsWith(API_KEY_START);
}

/** A key as its owner sees it in the list: never the key itself, which is shown once when it is made. */
export const ZApiKeySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** `wm_live_` and the key's 8-character prefix: what names it in logs and in the list. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKeySchema>;

/** POST /api-keys: a named key; the owner's password is re-checked. */
export const ZCreateApiKeyRequestSchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(60, API_KEY_MESSAGES.nameRequired),
  currentPassword: z.string().max(1024).optional(),
});
export type TCreateApiKeyRequest = z.infer<typeof ZCreateApiKeyRequestSchema>;
/** The key made, with the key itself in `key`: the only time it is ever shown. */
export const ZCreateApiKeyResponseSchema = successEnvelope(z.object({ apiKey: ZApiKeySchema, key: z.string() }));
export type TCreateApiKeyResponse = z.infer<typeof ZCreateApiKeyResponseSchema>;

/** GET /api-keys: the garage's keys, newest first, revoked ones included. */
export const ZApiKeysResponseSchema = successEnvelope(z.object({ apiKeys: z.array(ZApiKeySchema) }));
export type TApiKeysResponse = z.infer<typeof ZApiKeysResponseSchema>;

/** DELETE /api-keys/{id}: revokes the key at once. */
export const ZApiKeyIdParamSchema = z.object({ id: z.string().uuid(MESSAGES.platform.invalidRequest) });
export const ZRevokeApiKeyResponseSchema = successEnvelope(z.object({ apiKey: ZApiKeySchema }));

/**
 * POST /internal/api-keys/resolve (the gateway to identity, internal token only): the key a request carries, answered
 * with its garage and a short-lived key token (audience API_KEY_TOKEN_AUDIENCE) the gateway forwards in its place;
 * 401 for a key unknown or revoked.
 */
export const ZResolveApiKeyRequestSchema = z.object({ key: z.string().max(200) });
export const ZResolveApiKeyResponseSchema = successEnvelope(
  z.object({ keyId: z.string().uuid(), garageId: z.string().uuid(), prefix: z.string(), token: z.string() }),
);

/**
 * POST /service-records/by-api-key: a service logged by a garage system with its key. The fields of a garage's own
 * submit, but no signer's name and password (the key is the signer, and the record names it) and the technician
 * who did the work required.
 */
export const ZCreateServiceRecordWithApiKeyRequestSchema = ZCreateServiceRecordRequestSchema.omit({
  garage_id: true,
  full_name: true,
  password: true,
  vehicleCheck: true,
  technician_name: true,
}).extend({
  technician: z
    .string({ error: API_KEY_MESSAGES.technicianRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.technicianRequired)
    .max(100, MESSAGES.records.technicianTooLong),
});
export type TCreateServiceRecordWithApiKeyRequest = z.infer<typeof ZCreateServiceRecordWithApiKeyRequestSchema>;
