/**
 * API keys for garage systems (docs/product.md#api-keys, docs/architecture.md#api-keys): the garage's owner makes, lists
 * and revokes them; a key may log a service for its garage and, if its scope says so, read the garage's records, and
 * nothing else.
 */
import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { MESSAGES } from './messages.js';
import { ZCreateServiceRecordRequestSchema } from './records.js';

/** A garage has at most this many keys not revoked: a handful serves its systems, and each has its own budget. */
export const ACTIVE_API_KEYS_PER_GARAGE = 5;

/**
 * The words of API keys users see (docs/product.md#api-keys). Kept here rather than in MESSAGES, which the web app
 * loads up front: only the dashboard's lazily loaded keys panel needs them, and the first load has no room to spare.
 */
export const API_KEY_MESSAGES = {
  nameRequired: 'Give the key a name (1 to 60 characters)',
  nameTaken: 'You already have a key with that name',
  created: 'Copy the key now: it will not be shown again.',
  revoked: 'The key was revoked',
  limitReached: `A garage can have at most ${ACTIVE_API_KEYS_PER_GARAGE} active API keys. Revoke one you no longer use to make another.`,
  scopeInvalid: 'Choose what the key may do: log services, or log services and read records',
  scopeLabels: { log: 'Log services only', 'log-and-read': 'Log services and read records' },
  notInScope: "This key may only log services: make a key that may read records to read the garage's records",
  technicianRequired: 'Name the technician who did the work',
  technicianUnknown: 'No technician of your garage has that name',
  loggedBy: (name: string) => `Logged by API key ${name}`,
} as const;

/**
 * What a key may do, chosen when it is made: 'log' only logs services; 'log-and-read' also reads the garage's records,
 * customers' contact details included. Each names the uses (an operation's `apiKey` mark) it allows.
 */
export const API_KEY_SCOPES = {
  log: ['creates-record'],
  'log-and-read': ['creates-record', 'reads'],
} as const satisfies Record<string, readonly ('reads' | 'creates-record')[]>;
export type TApiKeyScope = keyof typeof API_KEY_SCOPES;
export const API_KEY_SCOPE_NAMES = Object.keys(API_KEY_SCOPES) as [TApiKeyScope, ...TApiKeyScope[]];

/** Whether a key of this scope may make a call of this use (the operation's `apiKey` mark). */
export function mayApiKey(scope: TApiKeyScope, use: 'reads' | 'creates-record'): boolean {
  return (API_KEY_SCOPES[scope] as readonly string[]).includes(use);
}

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
  scope: z.enum(API_KEY_SCOPE_NAMES),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKeySchema>;

/** A key's scope as a request names it. */
export const ZApiKeyScopeSchema = z.enum(API_KEY_SCOPE_NAMES, { error: API_KEY_MESSAGES.scopeInvalid });

/**
 * POST /api-keys: a named key of a scope; the owner's password is re-checked. A request that names no scope makes a
 * 'log-and-read' key, what every key could do before keys had scopes (the dashboard always names one).
 */
export const ZCreateApiKeyRequestSchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(60, API_KEY_MESSAGES.nameRequired),
  scope: ZApiKeyScopeSchema.default('log-and-read'),
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
  z.object({
    keyId: z.string().uuid(),
    garageId: z.string().uuid(),
    prefix: z.string(),
    scope: z.enum(API_KEY_SCOPE_NAMES),
    token: z.string(),
  }),
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
