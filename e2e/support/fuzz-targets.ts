/**
 * What the fuzz test aims at, read from the API contract rather than written down: every operation of the
 * OpenAPI document (built from OPERATIONS) that a caller may make without an account (security: [], i.e. auth
 * 'public' or 'stripe-signature'), the service that owns its path (the gateway's own routing table) and that
 * service's port in the browser journeys' stack (development's ports + 10000).
 */
import type { z } from 'zod';
import { buildOpenApiDocument, OPERATIONS, type TOperation } from '@sh/shared/contract';
import { resolveUpstream, type UpstreamName } from '../../services/gateway/src/domain/routing.js';
import { stackPorts } from '../../scripts/stack.js';

/** The part of a JSON schema (as the OpenAPI document has it) the generators read. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
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
  /** The request body's JSON schema in the OpenAPI document, when the operation takes one. */
  bodySchema?: JsonSchema;
  service: UpstreamName;
  port: number;
  operation: TOperation;
}

/** The e2e stack's ports: the gateway on 18080, every service 10000 above its development port. */
export const E2E_PORTS = stackPorts(18080, 10000);

export const API_BASE = '/api/v1';

/** The public operations of the OpenAPI document, each with the service and port that answer it. */
export function publicFuzzTargets(): FuzzTarget[] {
  const document = buildOpenApiDocument(OPERATIONS, { title: 'fuzz', version: '0' });
  const targets: FuzzTarget[] = [];
  for (const [template, methods] of Object.entries(document.paths)) {
    for (const [method, entry] of Object.entries(methods)) {
      const spec = entry as {
        security?: unknown[];
        parameters: { name: string; in: string }[];
        requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
      };
      // The document marks exactly the operations of auth 'public' and 'stripe-signature' with security: [].
      if (!Array.isArray(spec.security) || spec.security.length > 0) continue;
      const operation = OPERATIONS.find((op) => op.path === template && op.method === method);
      if (!operation) throw new Error(`The OpenAPI document has ${method} ${template}, which OPERATIONS does not`);
      const concretePath = API_BASE + template.replace(/\{[^}]+\}/g, 'AB12CDE');
      const service = resolveUpstream(concretePath);
      if (!service) throw new Error(`No service owns ${concretePath} in the gateway's routing table`);
      targets.push({
        name: `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        template,
        pathParams: spec.parameters.filter((p) => p.in === 'path').map((p) => p.name),
        bodySchema: spec.requestBody?.content['application/json'].schema,
        service,
        port: E2E_PORTS[service],
        operation,
      });
    }
  }
  return targets;
}

/** Whether a value passes a zod schema of the contract. */
export function passes(schema: z.ZodType | undefined, value: unknown): boolean {
  return schema ? schema.safeParse(value).success : false;
}
