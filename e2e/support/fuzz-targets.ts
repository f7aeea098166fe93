/**
 * What the fuzz test aims at, read from the API contract rather than written down: every operation of the
 * OpenAPI document (built from OPERATIONS), who calls it (read from its `auth`: no one signed in for 'public' and
 * 'stripe-signature', else a signed-in account of each role allowed to), the server that answers it (its `service`,
 * which the gateway routes it to: a service, or the gateway itself for the calls it composes) and that server's port
 * in the browser journeys' stack (development's ports + 10000). An operation added to OPERATIONS is a target at once.
 */
import type { z } from 'zod';
import { buildOpenApiDocument, OPERATIONS, type TOperation, type TServiceName } from '@sh/shared/contract';
import { stackPorts } from '@sh/shared/launcher';

/** The part of a JSON schema (as the OpenAPI document has it) the generators read. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  nullable?: boolean;
}

export interface FuzzTarget {
  /** 'POST /auth/login', as in the OpenAPI document. */
  name: string;
  method: string;
  /** The path under /api/v1 with its {parameters}. */
  template: string;
  pathParams: string[];
  /** Each path parameter's JSON schema, by name. */
  pathSchemas: Record<string, JsonSchema>;
  /** The query parameters the operation declares, with their JSON schemas. */
  queryParams: { name: string; schema: JsonSchema }[];
  /** The request body's JSON schema in the OpenAPI document, when the operation takes one. */
  bodySchema?: JsonSchema;
  /** The server that answers the path: a service, or the gateway for the calls it answers itself. */
  service: TServiceName | 'gateway';
  port: number;
  operation: TOperation;
  /**
   * The roles whose signed-in accounts call it with a valid token (each case goes as one of them), or none for an
   * operation anyone may call: then every token sent is a forged one.
   */
  roles: FuzzRole[];
}

/** The roles an access token can carry (admin | garage: docs/product.md); a role added to the platform is added here. */
export const FUZZ_ROLES = ['garage', 'admin'] as const;
export type FuzzRole = (typeof FUZZ_ROLES)[number];

/**
 * Who is allowed to call an operation, read from its `auth`: nobody signed in for the public ones and Stripe's
 * webhook (its credential is the signature, which the fuzz only ever gets wrong) and a key's call, every role for 'signed-in', the
 * one role it names otherwise. An `auth` the fuzz does not know throws, so that a new kind of caller is never
 * skipped in silence.
 */
export function rolesAllowed(auth: TOperation['auth']): FuzzRole[] {
  if (auth === 'public' || auth === 'stripe-signature') return [];
  // A call only an API key makes (docs/architecture.md#api-keys): no access token is its credential, so the fuzz sends
  // forged ones only; what a valid key's bad input gets is services/gateway/test/api-keys.test.ts's.
  if (auth === 'api-key') return [];
  if (auth === 'signed-in') return [...FUZZ_ROLES];
  // The garage's owner is a member of its team: its calls meet every check a technician's would (the input's).
  if (auth === 'garage-team') return ['garage'];
  const role = FUZZ_ROLES.find((r) => r === auth);
  if (!role)
    throw new Error(
      `The fuzz has no account for auth '${String(auth)}': add the role to FUZZ_ROLES and an account to fuzz-accounts.ts`,
    );
  return [role];
}

/** The e2e stack's ports: the gateway on 18080, every service 10000 above its development port. */
export const E2E_PORTS = stackPorts(18080, 10000);

export const API_BASE = '/api/v1';

/** Every operation of the OpenAPI document, each with its callers and the server and port that answer it. */
export function fuzzTargets(): FuzzTarget[] {
  const document = buildOpenApiDocument(OPERATIONS, { title: 'fuzz', version: '0' });
  const targets: FuzzTarget[] = [];
  for (const [template, methods] of Object.entries(document.paths)) {
    for (const [method, entry] of Object.entries(methods)) {
      const spec = entry as {
        parameters: { name: string; in: string; schema: JsonSchema }[];
        requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
      };
      const operation = OPERATIONS.find((op) => op.path === template && op.method === method);
      if (!operation) throw new Error(`The OpenAPI document has ${method} ${template}, which OPERATIONS does not`);
      const { service } = operation;
      const pathParams = spec.parameters.filter((p) => p.in === 'path');
      targets.push({
        name: `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        template,
        pathParams: pathParams.map((p) => p.name),
        pathSchemas: Object.fromEntries(pathParams.map((p) => [p.name, p.schema])),
        queryParams: spec.parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        bodySchema: spec.requestBody?.content['application/json']?.schema,
        service,
        port: E2E_PORTS[service],
        operation,
        roles: rolesAllowed(operation.auth),
      });
    }
  }
  return targets;
}

/** Whether a value passes a zod schema of the contract. */
export function passes(schema: z.ZodType | undefined, value: unknown): boolean {
  return schema ? schema.safeParse(value).success : false;
}
