import { z } from 'zod';
import { BRAND } from './brand.js';
import { ZErrorEnvelopeSchema } from './envelope.js';
import type { TServiceName } from './events.js';

/**
 * The gateway's per-client budget a call spends (docs/product.md#budgets): 'general' the general one, which every API call
 * spends but those of 'lookup' and 'none'; 'credentials' the tight one against guessing and spam, besides the general
 * one; 'lookup' the lookup's, shared by the public lookup and the vehicle report, instead of the general one;
 * 'one-click' the one-click unsubscribe's own (RFC 8058), instead of the general one and large enough for a mailbox
 * provider, whose one address sends every user's click; 'none' no per-client budget at all (Stripe's signed webhook,
 * from Stripe's few addresses).
 */
export type TOperationBudget = 'general' | 'credentials' | 'lookup' | 'one-click' | 'none';

/**
 * One documented call: its method, path under /api/v1, schemas, who may make it, the service that answers it and the
 * budget it spends. The gateway routes, checks tokens and budgets from these alone (services/gateway/src/domain/routing.ts).
 */
export interface TOperation {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  /** Under /api/v1; a {parameter} is a whole segment, as express's :parameter is. */
  path: string;
  /** The operation's name in the OpenAPI document, unique across the API, from which clients are generated. */
  operationId: string;
  summary: string;
  tag: string;
  /**
   * Who may call it: any role named here needs a valid access token at the gateway (but see acceptsEnrolmentToken).
   * 'garage' is the garage's owner (its own account) alone; 'garage-team' the owner or one of its technicians
   * (docs/product.md#the-garages-team); 'api-key' a garage system's API key alone (docs/architecture.md#api-keys).
   */
  auth: 'public' | 'signed-in' | 'garage' | 'garage-team' | 'admin' | 'stripe-signature' | 'api-key';
  /**
   * Whether an API key may make this call (docs/architecture.md#api-keys); a key on any call without it is a 403.
   * 'creates-record' also spends the key's own budget of records a minute.
   */
  apiKey?: 'reads' | 'creates-record';
  /** The service that answers it; 'gateway' for the admin's calls the gateway composes itself. */
  service: TServiceName | 'gateway';
  budget: TOperationBudget;
  /**
   * An admin's enrolment-only token is good here as well as an access token. The gateway's check takes access tokens
   * only, so it leaves the token to the service (identity checks it, and refuses a call without one).
   */
  acceptsEnrolmentToken?: true;
  pathParams?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the call requires (the session calls' CSRF header). */
  headers?: z.ZodObject;
  /** Cookies the call reads (the session cookie). */
  cookies?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  /**
   * For a call whose success is a file to download rather than an envelope (the garage's export): each media type it
   * may answer, with the schema of that body (a string for text). `response` is then the JSON body's schema; its
   * errors are envelopes as everywhere.
   */
  download?: Record<string, z.ZodType>;
  /** For a call whose body is a file rather than JSON (a garage's logo): the media types it takes. */
  upload?: readonly string[];
  successStatus?: number;
  errors?: number[];
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'openapi-3.0',
  }) as Record<string, unknown>;
  return rest;
}

function parametersOf(schema: z.ZodObject | undefined, where: 'path' | 'query' | 'header' | 'cookie') {
  if (!schema) return [];
  const shape = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(shape.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (shape.required ?? []).includes(name),
    schema: property,
  }));
}

/** The security requirement of an operation, where it differs from the document's (an access token). */
function securityOf(op: TOperation): { security?: Record<string, string[]>[] } {
  if (op.auth === 'public' || op.auth === 'stripe-signature') return { security: [] };
  if (op.auth === 'api-key') return { security: [{ apiKey: [] }] };
  if (op.apiKey) return { security: [{ bearer: [] }, { apiKey: [] }] };
  return {};
}

/** Builds the OpenAPI 3 document of the public API from the shared zod schemas. */
export function buildOpenApiDocument(operations: readonly TOperation[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const responses: Record<string, unknown> = {
      [String(op.successStatus ?? 200)]: op.download
        ? {
            description: 'The file, as an attachment (Content-Disposition)',
            content: Object.fromEntries(
              Object.entries(op.download).map(([type, schema]) => [type, { schema: jsonSchema(schema, 'output') }]),
            ),
          }
        : {
            description: 'Success',
            content: { 'application/json': { schema: jsonSchema(op.response, 'output') } },
          },
    };
    // Every budgeted call may be refused with 429 once its budget is spent (docs/product.md#budgets).
    const errors = new Set([...(op.errors ?? []), ...(op.budget === 'none' ? [] : [429])]);
    for (const status of [...errors].sort((a, b) => a - b)) {
      responses[String(status)] = {
        description: 'Error envelope',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      };
    }
    paths[op.path] ??= {};
    paths[op.path]![op.method] = {
      operationId: op.operationId,
      summary: op.summary,
      tags: [op.tag],
      ...securityOf(op),
      ...(op.auth !== 'public' ? { description: `Caller: ${op.auth}${op.apiKey ? ', or an API key' : ''}.` } : {}),
      parameters: [
        ...parametersOf(op.pathParams, 'path'),
        ...parametersOf(op.query, 'query'),
        ...parametersOf(op.headers, 'header'),
        ...parametersOf(op.cookies, 'cookie'),
      ],
      ...(op.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body, 'input') } } } }
        : {}),
      ...(op.upload
        ? {
            requestBody: {
              required: true,
              content: Object.fromEntries(
                op.upload.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
              ),
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      ...info,
      description: `The public API of ${BRAND.name} (${BRAND.strapline}). Every answer is an envelope, {status, message?, data} or {status, code, message, errors?}, whose status equals the HTTP status.`,
      license: { name: 'Proprietary', url: `https://${BRAND.domain}/terms-of-service` },
    },
    servers: [{ url: '/api/v1', description: 'The gateway this document is served by' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A signed-in user's access token" },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'wm_live_<prefix>_<secret>',
          description:
            "A garage system's API key, made by the garage's owner on the dashboard, sent as `Authorization: Bearer wm_live_...`. It may log a service (createServiceRecordWithApiKey) and list the garage's records (listGarageServiceRecords), nothing else (403); a key unknown or revoked is a 401.",
        },
      },
      schemas: { ErrorEnvelope: jsonSchema(ZErrorEnvelopeSchema, 'output') },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
