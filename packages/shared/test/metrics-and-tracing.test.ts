/**
 * The kit's metrics and tracing (docs/operations.md#metrics, #traces) in one process: the requests histogram's text,
 * tracing that does nothing while it is off, and a job's trace carried into its consumer's span (an in-memory exporter).
 */
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { describe, expect, it } from 'vitest';
import {
  httpRequestDuration,
  inSpan,
  isTracing,
  metricsRegistry,
  SpanKind,
  startTracing,
  traceHeaders,
  traceParentNow,
} from '../src/server/index.js';

describe('the requests histogram', () => {
  it('prints cumulative buckets, the sum and the count of each method, route and status, as Prometheus reads them', async () => {
    httpRequestDuration.observe('GET', '/test/{id}', 200, 0.003);
    httpRequestDuration.observe('GET', '/test/{id}', 200, 0.2);
    httpRequestDuration.observe('GET', '/test/{id}', 503, 20);
    const text = await metricsRegistry.metrics();
    const series = '{method="GET",route="/test/{id}",status="200"';
    expect(text).toContain(`http_request_duration_seconds_bucket${series},le="0.005"} 1`);
    expect(text).toContain(`http_request_duration_seconds_bucket${series},le="0.1"} 1`);
    expect(text).toContain(`http_request_duration_seconds_bucket${series},le="0.25"} 2`);
    expect(text).toContain(`http_request_duration_seconds_bucket${series},le="+Inf"} 2`);
    expect(text).toContain(`http_request_duration_seconds_count${series}} 2`);
    expect(text).toContain(`http_request_duration_seconds_sum${series}} 0.203`);
    expect(text).toContain(
      'http_request_duration_seconds_bucket{method="GET",route="/test/{id}",status="503",le="10"} 0',
    );
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
  });
});

describe('tracing', () => {
  it('does nothing while no collector is configured', async () => {
    const tracing = startTracing({ service: 'test' });
    expect(isTracing()).toBe(false);
    expect(traceHeaders()).toEqual({});
    expect(traceParentNow()).toBeNull();
    expect(await inSpan('work', {}, async () => 42)).toBe(42);
    await tracing.shutdown();
  });

  it("puts a consumer's span in the trace its job carries", async () => {
    const exporter = new InMemorySpanExporter();
    const tracing = startTracing({ service: 'test', exporter });
    expect(isTracing()).toBe(true);
    let carried: string | null = null;
    await inSpan('POST /things', { kind: SpanKind.SERVER }, async () => {
      carried = traceParentNow();
    });
    expect(carried).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    await expect(
      inSpan('consume thing.created', { kind: SpanKind.CONSUMER, traceParent: carried }, async () => {
        throw new Error('handler failed for someone@example.com');
      }),
    ).rejects.toThrow();
    await tracing.flush();
    const spans = exporter.getFinishedSpans();
    await tracing.shutdown();
    const request = spans.find((span) => span.name === 'POST /things')!;
    const consumer = spans.find((span) => span.name === 'consume thing.created')!;
    expect(consumer.spanContext().traceId).toBe(request.spanContext().traceId);
    expect(consumer.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(consumer.status.code).toBe(2); // error
    // The error's message, which may name a person, is not kept on the span.
    expect(JSON.stringify(consumer.status)).not.toContain('example.com');
    expect(isTracing()).toBe(false);
  });
});
