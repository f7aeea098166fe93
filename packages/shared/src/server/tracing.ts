/**
 * OpenTelemetry traces (docs/operations.md#traces): started only when OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise no
 * SDK runs and every function here returns at its first line. A request's context travels as W3C traceparent: from
 * the gateway to the services and between services (traceHeaders, on every internal call), and from a request
 * through the outbox and BullMQ to the consumer (the outbox row and the job carry it: traceParentNow,
 * inTraceOf). Spans carry route templates and event names only, never a path, a registration or a person's data.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace-node';

/** The tracer while tracing runs in this process; undefined (the default) keeps every hook here free. */
let tracer: Tracer | undefined;

export interface Tracing {
  /** Sends what is buffered. */
  flush(): Promise<void>;
  /** Sends what is buffered and stops. */
  shutdown(): Promise<void>;
}

const NO_TRACING: Tracing = { flush: async () => undefined, shutdown: async () => undefined };

/**
 * Starts tracing for `service` when `endpoint` (OTEL_EXPORTER_OTLP_ENDPOINT, the collector's base URL) is set, or an
 * exporter is given (a test's); spans go out in batches over OTLP/HTTP to `${endpoint}/v1/traces`.
 */
export function startTracing(options: { service: string; endpoint?: string; exporter?: SpanExporter }): Tracing {
  const exporter =
    options.exporter ??
    (options.endpoint
      ? new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` })
      : undefined);
  if (!exporter) return NO_TRACING;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.service }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register(); // the W3C trace context propagator and the AsyncLocalStorage context manager
  tracer = provider.getTracer('wrenchmark');
  return {
    flush: () => provider.forceFlush(),
    async shutdown() {
      tracer = undefined;
      await provider.shutdown();
    },
  };
}

/** Whether this process traces. */
export function isTracing(): boolean {
  return tracer !== undefined;
}

const SPAN = Symbol('request span');
type TracedRequest = IncomingMessage & { [SPAN]?: Span };

/**
 * Starts the server span of a request, as the child of the caller's (its traceparent header) unless `isEdge` (the
 * gateway: a caller from outside starts no trace of ours), and runs `next` in its context; `endRequestSpan` ends it.
 * Does nothing when tracing is off.
 */
export function runInRequestSpan(req: IncomingMessage, next: () => void, isEdge = false): void {
  if (!tracer) {
    next();
    return;
  }
  const parent = isEdge ? context.active() : propagation.extract(context.active(), req.headers);
  const span = tracer.startSpan(req.method ?? 'HTTP', { kind: SpanKind.SERVER }, parent);
  (req as TracedRequest)[SPAN] = span;
  context.with(trace.setSpan(parent, span), next);
}

/** Names the request's span by its route template and ends it with the answer's status. */
export function endRequestSpan(req: IncomingMessage, res: ServerResponse, route: string): void {
  const span = (req as TracedRequest)[SPAN];
  if (!span) return;
  span.updateName(`${req.method ?? 'HTTP'} ${route}`);
  span.setAttributes({
    'http.request.method': req.method ?? '',
    'http.route': route,
    'http.response.status_code': res.statusCode,
  });
  if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/** The headers that carry the current trace to another service: none when tracing is off. */
export function traceHeaders(): Record<string, string> {
  if (!tracer) return {};
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** The current trace as one string an outbox row and a job keep (its traceparent), or null. */
export function traceParentNow(): string | null {
  return traceHeaders().traceparent ?? null;
}

/**
 * Runs `work` in a span of `kind` named `name`, as the child of the trace `traceParent` names (a job's) or of the
 * current one; the span ends when the work settles and marks a failure. Just runs `work` when tracing is off.
 */
export async function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; traceParent?: string | null; attributes?: Record<string, string | number> },
  work: () => Promise<T>,
): Promise<T> {
  if (!tracer) return work();
  const parent: Context = options.traceParent
    ? propagation.extract(context.active(), { traceparent: options.traceParent })
    : context.active();
  const span = tracer.startSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), work);
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).name });
    throw error;
  } finally {
    span.end();
  }
}

export { SpanKind };
