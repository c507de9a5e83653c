// Cuota on Kubernetes, written once as typed objects (kubernetes-models) instead of five
// copies of the same YAML per service; `node infra/deploy/kubernetes/render.ts` prints them as
// one List for `kubectl apply -f -`. Secrets are referenced, never written here.
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Service } from 'kubernetes-models/v1/Service';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IContainerPort } from 'kubernetes-models/v1/ContainerPort';
import type { IEnvVar } from 'kubernetes-models/v1/EnvVar';

export interface DeployOptions {
  /** The images' registry and tag: `<registry>/<part>:<version>`. */
  registry: string;
  version: string;
  /** The portal as browsers reach it (the Ingress host). */
  publicHost: string;
  /** Where the remotes' versioned folders are published (a bucket behind a CDN). */
  remotesBaseUrl: string;
  /** The version of each remote the BFF points at (a deploy or rollback is this change). */
  remoteVersions: Record<Remote, string>;
}

export const SERVICES = ['enrolment', 'billing', 'payments', 'invoicing', 'notifications'] as const;
type ServiceName = (typeof SERVICES)[number];
type Remote = 'portal' | 'dashboard' | 'store';

export const NAMESPACE = 'cuota';
/** The Secret ops create (or an external-secrets operator fills); only referenced here. */
export const SECRET = 'cuota-secrets';
const CONFIG = 'cuota-config';
const SERVICE_PORT = 8080;
const BFF_PORT = 3000;
const BFF_METRICS_PORT = 9464;

/** Secrets each part reads, by environment variable → key in SECRET. */
const SECRET_ENV: Record<ServiceName | 'bff', string[]> = {
  bff: ['SESSION_SECRET', 'IDENTITY_PRIVATE_JWK', 'REDIS_URL', 'SMTP_URL'],
  enrolment: ['SMTP_URL'],
  billing: [],
  payments: ['PAYMENTS_SECRETS_KEY'],
  invoicing: ['INVOICING_SECRETS_KEY', 'PAC_USER', 'PAC_PASSWORD'],
  notifications: ['SMTP_URL'],
};

const labelsOf = (part: string) => ({
  'app.kubernetes.io/name': part,
  'app.kubernetes.io/part-of': 'cuota',
});

const fromSecret = (name: string, key = name.toLowerCase().replaceAll('_', '-')): IEnvVar => ({
  name,
  valueFrom: { secretKeyRef: { name: SECRET, key } },
});

/** Who a container runs as: never root, nothing writable but /tmp, no privileges. */
const locked: IContainer['securityContext'] = {
  runAsNonRoot: true,
  runAsUser: 65532,
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  capabilities: { drop: ['ALL'] },
  seccompProfile: { type: 'RuntimeDefault' },
};

function partEnv(part: ServiceName | 'bff', port: number): IEnvVar[] {
  const database = part === 'bff' ? [] : [fromSecret('DATABASE_URL', `${part}-database-url`)];
  return [
    { name: 'PORT', value: String(port) },
    { name: 'HOST', value: '0.0.0.0' },
    ...database,
    ...SECRET_ENV[part].map((name) => fromSecret(name)),
    ...(part === 'bff' ? [] : [fromSecret('IDENTITY_PUBLIC_JWK')]),
  ];
}

function container(o: DeployOptions, part: ServiceName | 'bff', port: number): IContainer {
  return {
    name: part,
    image: `${o.registry}/${part}:${o.version}`,
    envFrom: [{ configMapRef: { name: CONFIG } }],
    env: partEnv(part, port),
    securityContext: locked,
    volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
  };
}

const podVolumes = [{ name: 'tmp', emptyDir: {} }];

function deployment(
  o: DeployOptions,
  part: ServiceName | 'bff',
  port: number,
  extraPorts: IContainerPort[] = [],
) {
  const probe = (path: string, periodSeconds: number) => ({
    httpGet: { path, port: 'http' },
    periodSeconds,
    timeoutSeconds: 2,
    failureThreshold: 3,
  });
  const metricsPort = part === 'bff' ? BFF_METRICS_PORT : port;
  return new Deployment({
    metadata: { name: part, namespace: NAMESPACE, labels: labelsOf(part) },
    spec: {
      replicas: 2,
      selector: { matchLabels: labelsOf(part) },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      template: {
        metadata: {
          labels: labelsOf(part),
          // Prometheus finds /metrics on the pod: the BFF's metrics port is never in a Service.
          annotations: {
            'prometheus.io/scrape': 'true',
            'prometheus.io/port': String(metricsPort),
            'prometheus.io/path': '/metrics',
          },
        },
        spec: {
          automountServiceAccountToken: false,
          terminationGracePeriodSeconds: 30,
          securityContext: { runAsNonRoot: true, fsGroup: 65532 },
          volumes: podVolumes,
          containers: [
            {
              ...container(o, part, port),
              ports: [{ name: 'http', containerPort: port }, ...extraPorts],
              readinessProbe: probe('/readyz', 5),
              livenessProbe: { ...probe('/healthz', 10), initialDelaySeconds: 10 },
              startupProbe: { ...probe('/healthz', 2), failureThreshold: 60 },
              resources: {
                requests: { cpu: '250m', memory: '256Mi' },
                limits: { memory: '512Mi' },
              },
            },
          ],
        },
      },
    },
  });
}

function service(part: ServiceName | 'bff', port: number) {
  return new Service({
    metadata: { name: part, namespace: NAMESPACE, labels: labelsOf(part) },
    spec: {
      type: 'ClusterIP',
      selector: labelsOf(part),
      ports: [{ name: 'http', port, targetPort: 'http' }],
    },
  });
}

/** CPU-driven: two instances at least (a node can go), six at most per part. */
function autoscaler(part: ServiceName | 'bff') {
  return new HorizontalPodAutoscaler({
    metadata: { name: part, namespace: NAMESPACE, labels: labelsOf(part) },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: part },
      minReplicas: 2,
      maxReplicas: 6,
      metrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
        },
      ],
    },
  });
}

/** One per service and version: migrates the database before the new pods start. */
function migrationJob(o: DeployOptions, part: ServiceName) {
  return new Job({
    metadata: {
      name: `${part}-migrate-${o.version.replace(/[^a-z0-9-]/g, '-')}`,
      namespace: NAMESPACE,
      labels: { ...labelsOf(part), 'app.kubernetes.io/component': 'migration' },
    },
    spec: {
      backoffLimit: 3,
      ttlSecondsAfterFinished: 86_400,
      template: {
        metadata: { labels: { ...labelsOf(part), 'app.kubernetes.io/component': 'migration' } },
        spec: {
          restartPolicy: 'Never',
          automountServiceAccountToken: false,
          securityContext: { runAsNonRoot: true },
          volumes: podVolumes,
          containers: [
            {
              ...container(o, part, SERVICE_PORT),
              args: ['migrate'],
              resources: {
                requests: { cpu: '100m', memory: '128Mi' },
                limits: { memory: '256Mi' },
              },
            },
          ],
        },
      },
    },
  });
}

function config(o: DeployOptions) {
  const remote = (r: Remote) => `${o.remotesBaseUrl}/${r}/${o.remoteVersions[r]}/mf-manifest.json`;
  const serviceUrls = Object.fromEntries(
    SERVICES.map((s) => [`${s.toUpperCase()}_URL`, `http://${s}:${SERVICE_PORT}`]),
  );
  return new ConfigMap({
    metadata: { name: CONFIG, namespace: NAMESPACE, labels: labelsOf('config') },
    data: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PUBLIC_URL: `https://${o.publicHost}`,
      TRUST_PROXY: '1',
      NATS_URL: 'nats://nats.cuota-data:4222',
      MAIL_FROM: 'Cuota <no-responder@cuota.mx>',
      METRICS_PORT: String(BFF_METRICS_PORT),
      METRICS_HOST: '0.0.0.0',
      SHELL_DIST_DIR: '/app/shell/dist',
      ...serviceUrls,
      REMOTE_PORTAL_ENTRY: remote('portal'),
      REMOTE_DASHBOARD_ENTRY: remote('dashboard'),
      REMOTE_STORE_ENTRY: remote('store'),
    },
  });
}

function ingress(o: DeployOptions) {
  return new Ingress({
    metadata: { name: 'bff', namespace: NAMESPACE, labels: labelsOf('bff') },
    spec: {
      tls: [{ hosts: [o.publicHost], secretName: 'cuota-tls' }],
      rules: [
        {
          host: o.publicHost,
          http: {
            paths: [
              {
                path: '/',
                pathType: 'Prefix',
                backend: { service: { name: 'bff', port: { name: 'http' } } },
              },
            ],
          },
        },
      ],
    },
  });
}

/** Every object of a deploy, in the order `kubectl apply` should create them. */
export function cuotaManifests(o: DeployOptions) {
  const metricsPort = [{ name: 'metrics', containerPort: BFF_METRICS_PORT }];
  return [
    new Namespace({ metadata: { name: NAMESPACE } }),
    config(o),
    ...SERVICES.map((s) => migrationJob(o, s)),
    ...SERVICES.flatMap((s) => [
      deployment(o, s, SERVICE_PORT),
      service(s, SERVICE_PORT),
      autoscaler(s),
    ]),
    deployment(o, 'bff', BFF_PORT, metricsPort),
    service('bff', BFF_PORT),
    autoscaler('bff'),
    ingress(o),
    servicesOnlyFromBff(),
  ];
}

/**
 * Services (and their /metrics) answer only the BFF and the monitoring namespace's scraper:
 * in a cluster they listen on the pod's address, so the network says who may call them.
 */
function servicesOnlyFromBff() {
  return new NetworkPolicy({
    metadata: { name: 'services-only-from-bff', namespace: NAMESPACE },
    spec: {
      podSelector: {
        matchLabels: { 'app.kubernetes.io/part-of': 'cuota' },
        matchExpressions: [
          { key: 'app.kubernetes.io/name', operator: 'In', values: [...SERVICES] },
        ],
      },
      policyTypes: ['Ingress'],
      ingress: [
        {
          from: [
            { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'bff' } } },
            {
              namespaceSelector: {
                matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' },
              },
            },
          ],
        },
      ],
    },
  });
}

export const EXAMPLE_DEPLOY: DeployOptions = {
  registry: 'registry.cuota.mx/cuota',
  version: '2026.11.29',
  publicHost: 'app.cuota.mx',
  remotesBaseUrl: 'https://static.cuota.mx/remotes',
  remoteVersions: { portal: '2026.11.29', dashboard: '2026.11.29', store: '2026.11.29' },
};
