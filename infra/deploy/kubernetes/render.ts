// Prints the deploy as one Kubernetes List (JSON), each object first checked against the
// Kubernetes schema (kubernetes-models, offline); a deploy that does not validate prints nothing:
//   node infra/deploy/kubernetes/render.ts | kubectl apply -f -
// Options: CUOTA_DEPLOY='{"version":"2026.12.01","remoteVersions":{…}}' over EXAMPLE_DEPLOY.
import { cuotaManifests, EXAMPLE_DEPLOY } from './manifests.ts';

const options = { ...EXAMPLE_DEPLOY, ...JSON.parse(process.env.CUOTA_DEPLOY ?? '{}') };
const manifests = cuotaManifests(options);
for (const m of manifests) m.validate();
const items = manifests.map((m) => m.toJSON());
console.log(JSON.stringify({ apiVersion: 'v1', kind: 'List', items }, null, 2));
