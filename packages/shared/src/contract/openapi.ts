import { z } from 'zod';
import { ZErrorEnvelopeSchema } from './envelope.js';

/** One documented call: its method, path under /api/v1, schemas and who may make it. */
export interface TOperation {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  summary: string;
  tag: string;
  auth: 'public' | 'signed-in' | 'garage' | 'admin' | 'stripe-signature';
  pathParams?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the call requires (the session calls' CSRF header). */
  headers?: z.ZodObject;
  /** Cookies the call reads (the session cookie). */
  cookies?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  successStatus?: number;
  errors?: number[];
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<
    string,
    unknown
  >;
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

/** Builds the OpenAPI 3 document of the public API from the shared zod schemas. */
export function buildOpenApiDocument(operations: readonly TOperation[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const responses: Record<string, unknown> = {
      [String(op.successStatus ?? 200)]: { description: 'Success', content: { 'application/json': { schema: jsonSchema(op.response, 'output') } } },
    };
    for (const status of op.errors ?? []) {
      responses[String(status)] = {
        description: 'Error envelope',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      };
    }
    paths[op.path] ??= {};
    paths[op.path]![op.method] = {
      summary: op.summary,
      tags: [op.tag],
      ...(op.auth === 'public' || op.auth === 'stripe-signature' ? { security: [] } : {}),
      ...(op.auth !== 'public' ? { description: `Caller: ${op.auth}.` } : {}),
      parameters: [
        ...parametersOf(op.pathParams, 'path'),
        ...parametersOf(op.query, 'query'),
        ...parametersOf(op.headers, 'header'),
        ...parametersOf(op.cookies, 'cookie'),
      ],
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body, 'input') } } } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.0.3',
    info,
    servers: [{ url: '/api/v1' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ErrorEnvelope: jsonSchema(ZErrorEnvelopeSchema, 'output') },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
