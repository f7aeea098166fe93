/**
 * Seeing it run (docs/operations.md#metrics, #traces): the gateway, identity, records and notifications each their own
 * process (their main.ts) with a metrics port and a collector. After a lookup and a record, each one's /metrics shows
 * its counters moved, with route templates and never the registration; the metrics are on their own port, which
 * neither the gateway nor a service's API port answers; and the record's creation is one trace, from the gateway
 * through records and identity to notifications' consumer, across the outbox and BullMQ.
 */
import { createServer, type Server } from 'node:http';
import { signAccessToken } from '@sh/shared/server';
import {
  callJson,
  createIdentityUser,
  deleteKeysUnder,
  startServiceProcess,
  testQueuePrefix,
  TEST_KEY_PAIR,
  TEST_REDIS_URL,
  type ServiceProcess,
} from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const INTERNAL_TOKEN = 'gateway-observability-internal-token';
const REGISTRATION = 'OB51SRV';
const prefix = testQueuePrefix();

/** A span as the collector stand-in received it (OTLP/HTTP JSON), with the service that sent it. */
interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
}
const spans: ReceivedSpan[] = [];
let collector: Server;
let collectorUrl = '';

/** Keeps every span sent to POST /v1/traces in `spans`: what an OpenTelemetry collector would be sent. */
async function startCollector(): Promise<void> {
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: Array<{
            resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
            scopeSpans: Array<{ spans: Omit<ReceivedSpan, 'service'>[] }>;
          }>;
        };
        for (const resourceSpan of body.resourceSpans) {
          const service = resourceSpan.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue;
          for (const scope of resourceSpan.scopeSpans)
            for (const span of scope.spans) spans.push({ ...span, service: service ?? '' });
        }
      }
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const address = collector.address();
  collectorUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

const processes: Record<'gateway' | 'identity' | 'records' | 'notifications', ServiceProcess> = {} as never;
let owner: { id: string; password: string; token: string };

/** The port a process serves its metrics on, from its "metrics listening" line. */
function metricsUrlOf(name: keyof typeof processes): string {
  const line = processes[name].lines.find((l) => l.includes(`"msg":"${name} metrics listening"`));
  if (!line) throw new Error(`${name} said nowhere that its metrics listen`);
  return `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}/metrics`;
}

async function scrape(name: keyof typeof processes): Promise<string> {
  const response = await fetch(metricsUrlOf(name));
  expect(response.status).toBe(200);
  return response.text();
}

/** The sum of the series of `metric` whose labels include every one of `labels` (0 when there is none). */
function valueOf(text: string, metric: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== metric) continue;
    const seriesLabels = match[2] ?? '';
    if (Object.entries(labels).every(([key, value]) => seriesLabels.includes(`${key}="${value}"`)))
      sum += Number(match[3]);
  }
  return sum;
}

async function eventually<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  await startCollector();
  const env = {
    REDIS_KEY_PREFIX: prefix,
    INTERNAL_TOKEN,
    METRICS_PORT: '0',
    OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
    OTEL_BSP_SCHEDULE_DELAY: '100',
  };
  processes.identity = await startServiceProcess('identity', { env });
  const identityUrl = processes.identity.url;
  processes.records = await startServiceProcess('records', { env: { ...env, IDENTITY_URL: identityUrl } });
  processes.notifications = await startServiceProcess('notifications', {
    env: { ...env, IDENTITY_URL: identityUrl, RECORDS_URL: processes.records.url },
  });
  processes.gateway = await startServiceProcess('gateway', {
    env: {
      ...env,
      IDENTITY_URL: identityUrl,
      RECORDS_URL: processes.records.url,
      NOTIFICATIONS_URL: processes.notifications.url,
      WEB_DIST: '/nonexistent',
    },
  });
  const user = await createIdentityUser(identityUrl, INTERNAL_TOKEN);
  owner = {
    id: user.id,
    password: user.password,
    token: signAccessToken(TEST_KEY_PAIR.privateKey, { sub: user.id, role: 'garage', email: user.email }),
  };
  // What records hears of the garage from events: its directory entry, its confirmed e-mail and its subscription.
  const db = processes.records.db!.pool;
  await db.query('INSERT INTO garage_directory (garage_id, name, address, email) VALUES ($1, $2, $3, $4)', [
    user.id,
    'Keyworth Motors Ltd',
    '3 Mill Lane, York, YO1 7AA',
    user.email,
  ]);
  await db.query('INSERT INTO email_confirmations (user_id, confirmed_at) VALUES ($1, now())', [user.id]);
  await db.query(
    `INSERT INTO garage_entitlements (garage_id, subscription_status, can_add_records, state_at) VALUES ($1, 'active', true, 1)`,
    [user.id],
  );
}, 180_000);

afterAll(async () => {
  for (const name of ['gateway', 'notifications', 'records', 'identity'] as const) await processes[name]?.stop();
  await deleteKeysUnder(TEST_REDIS_URL, prefix);
  await new Promise<void>((resolve) => (collector ? collector.close(() => resolve()) : resolve()));
});

const CREATE_ROUTE = '/api/v1/service-records';
const LOOKUP_ROUTE = '/api/v1/service-records/lookup/{registration}';

describe('metrics and traces', () => {
  let createTraceId = '';

  it("counts a record and a lookup in each service's metrics, by route template, without the registration", async () => {
    const before = {
      gateway: await scrape('gateway'),
      records: await scrape('records'),
      identity: await scrape('identity'),
      notifications: await scrape('notifications'),
    };
    const created = await callJson(processes.gateway.url, 'POST', CREATE_ROUTE, {
      token: owner.token,
      body: {
        vin: 'WVWZZZ1JZXW000001',
        vehicle_registration: REGISTRATION,
        mileage: 45_210,
        service_type: 'Full Service',
        notes: 'All fluids topped up',
        technician_name: 'Sam Patel',
        customer_email: null,
        customer_phone: null,
        full_name: 'Sam Patel',
        password: owner.password,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const lookup = await callJson(processes.gateway.url, 'GET', `/api/v1/service-records/lookup/${REGISTRATION}`);
    expect(lookup.status).toBe(200);

    const consumed = (text: string) => valueOf(text, 'events_consumed_total', { event: 'service_record.created' });
    // Once notifications has handled the record's event, records has published it.
    const notificationsAfter = await eventually(async () => {
      const text = await scrape('notifications');
      return consumed(text) > consumed(before.notifications) ? text : undefined;
    }, "notifications' consumer handling the record's event");
    const after = {
      gateway: await scrape('gateway'),
      records: await scrape('records'),
      identity: await scrape('identity'),
      notifications: notificationsAfter,
    };
    const requests = (text: string, labels: Record<string, string>) =>
      valueOf(text, 'http_request_duration_seconds_count', labels);
    const moved = (name: keyof typeof before, labels: Record<string, string>) =>
      requests(after[name], labels) - requests(before[name], labels);

    expect(moved('gateway', { method: 'POST', route: CREATE_ROUTE, status: '201' })).toBe(1);
    expect(moved('gateway', { method: 'GET', route: LOOKUP_ROUTE, status: '200' })).toBe(1);
    expect(moved('records', { method: 'POST', route: CREATE_ROUTE, status: '201' })).toBe(1);
    expect(moved('identity', { method: 'POST', route: '/internal/users/verify-password', status: '200' })).toBe(1);
    expect(consumed(after.notifications)).toBeGreaterThan(consumed(before.notifications));
    const published = (text: string) => valueOf(text, 'events_published_total', { event: 'service_record.created' });
    expect(published(after.records)).toBeGreaterThan(published(before.records));
    expect(valueOf(after.records, 'transparency_log_size')).toBeGreaterThan(
      valueOf(before.records, 'transparency_log_size'),
    );
    for (const source of ['dvla', 'dvsa']) {
      expect(after.records).toMatch(new RegExp(`^outside_allowance_left_today\\{source="${source}"\\} \\d+`, 'm'));
    }
    expect(after.records).toMatch(/^outbox_lag_seconds \S+/m);
    expect(after.notifications).toMatch(/^event_dead_letters\{queue="[^"]+"\} 0$/m);
    expect(after.notifications).toMatch(/^event_queue_jobs\{queue="[^"]+",state="waiting"\} \d+$/m);
    for (const text of Object.values(after)) {
      expect(text).not.toContain(REGISTRATION);
      expect(text).not.toContain(owner.id);
    }
  });

  it('serves the metrics on their own port only: neither the gateway nor an API port answers /metrics', async () => {
    for (const path of ['/metrics', '/api/v1/metrics', '/api/metrics']) {
      const answer = await fetch(`${processes.gateway.url}${path}`);
      // A 404, or for a page the SPA's 503 while it is not built here: never the metrics.
      expect([404, 503], path).toContain(answer.status);
      expect(await answer.text()).not.toContain('http_request_duration_seconds');
    }
    expect((await fetch(`${processes.records.url}/metrics`)).status).toBe(404);
    expect((await fetch(metricsUrlOf('records').replace('/metrics', '/api/v1/service-records'))).status).toBe(404);
  });

  it("traces the record's creation from the gateway through records and identity to notifications' consumer", async () => {
    const gatewaySpan = await eventually(
      async () => spans.find((s) => s.service === 'gateway' && s.name === `POST ${CREATE_ROUTE}`),
      "the gateway's span",
    );
    createTraceId = gatewaySpan.traceId;
    const inTrace = await eventually(async () => {
      const found = spans.filter((s) => s.traceId === createTraceId);
      const services = new Set(found.map((s) => s.service));
      return ['gateway', 'records', 'identity', 'notifications'].every((name) => services.has(name))
        ? found
        : undefined;
    }, 'a trace across the four services');
    const recordsSpan = inTrace.find((s) => s.service === 'records' && s.name === `POST ${CREATE_ROUTE}`);
    expect(recordsSpan?.parentSpanId).toBe(gatewaySpan.spanId);
    const identitySpan = inTrace.find((s) => s.service === 'identity');
    expect(identitySpan?.parentSpanId).toBe(recordsSpan?.spanId);
    const consumerSpan = inTrace.find((s) => s.service === 'notifications');
    expect(consumerSpan?.name).toBe('consume service_record.created');
    expect(consumerSpan?.parentSpanId).toBe(recordsSpan?.spanId);
    // No span names the registration or the garage, in its name or its attributes.
    expect(JSON.stringify(spans)).not.toContain(REGISTRATION);
    expect(JSON.stringify(spans)).not.toContain(owner.id);
  });
});
