/**
 * API keys for garage systems (docs/architecture.md#api-keys): the owner's calls that make, list and revoke them
 * (identity's), and the one call that only a key makes, logging a service (records'). A 'log-and-read' key may also
 * list the garage's records (GET service-records/mine, marked `apiKey` in operations/records.ts).
 */
import {
  ZApiKeyIdParamSchema,
  ZApiKeysResponseSchema,
  ZCreateApiKeyRequestSchema,
  ZCreateApiKeyResponseSchema,
  ZCreateServiceRecordWithApiKeyRequestSchema,
  ZRevokeApiKeyResponseSchema,
} from '../api-keys.js';
import type { TOperation } from '../openapi.js';
import { ZCreateServiceRecordResponseSchema } from '../records.js';

export const API_KEY_OPERATIONS: TOperation[] = [
  {
    method: 'post',
    path: '/api-keys',
    operationId: 'createApiKey',
    summary:
      "Make a named API key for the garage's systems, of a scope ('log', or 'log-and-read': also reads the garage's records), the owner's current password re-checked; at most 5 not revoked a garage; the key is in the answer once and never again",
    tag: 'API keys',
    auth: 'garage',
    service: 'identity',
    budget: 'credentials',
    body: ZCreateApiKeyRequestSchema,
    response: ZCreateApiKeyResponseSchema,
    successStatus: 201,
    errors: [400, 401, 403, 409],
  },
  {
    method: 'get',
    path: '/api-keys',
    operationId: 'listApiKeys',
    summary: "The garage's API keys, newest first: name, prefix, when made, last used and revoked",
    tag: 'API keys',
    auth: 'garage',
    service: 'identity',
    budget: 'general',
    response: ZApiKeysResponseSchema,
    errors: [401, 403],
  },
  {
    method: 'delete',
    path: '/api-keys/{id}',
    operationId: 'revokeApiKey',
    summary: "Revoke one of the garage's API keys: from this moment every call with it is a 401",
    tag: 'API keys',
    auth: 'garage',
    service: 'identity',
    budget: 'general',
    pathParams: ZApiKeyIdParamSchema,
    response: ZRevokeApiKeyResponseSchema,
    errors: [400, 401, 403, 404],
  },
  {
    method: 'post',
    path: '/service-records/by-api-key',
    operationId: 'createServiceRecordWithApiKey',
    summary:
      "A garage system logs a service with its API key: the record names the key and the technician given, who must be one of the garage's technicians (confirmed e-mail, active or trialing subscription; Idempotency-Key honoured; the key's own budget of records a minute)",
    tag: 'Service records',
    auth: 'api-key',
    apiKey: 'creates-record',
    service: 'records',
    budget: 'general',
    body: ZCreateServiceRecordWithApiKeyRequestSchema,
    response: ZCreateServiceRecordResponseSchema,
    successStatus: 201,
    errors: [400, 401, 403, 409, 503],
  },
];
