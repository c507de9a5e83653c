import request from 'supertest';
import { scrape, valueOf } from '@cuota/testing/scrape-metrics';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { startBffServer, type BffServer } from '../bff-server';
import { startEchoService } from '../test-support/echo-service';
import { browserSignedInAs, guardianSession } from '../test-support/session-fixture';
import { startTestBff, type TestBff } from '../test-support/test-bff';

let bff: TestBff;
let server: BffServer;
let enrolment: Awaited<ReturnType<typeof startEchoService>>;

beforeAll(async () => {
  const identity = await createTestIdentity();
  enrolment = await startEchoService(identity.keys.publicJwk);
  bff = await startTestBff({ identity, services: { enrolment: enrolment.url } });
  server = await startBffServer(
    { ...bff.config, metrics: { port: 0, host: '127.0.0.1' } },
    { deps: bff.deps },
  );
});
afterAll(async () => {
  await server.stop();
  await bff.close();
  await enrolment.stop();
});

const reads = (series: Awaited<ReturnType<typeof scrape>>, route: string, status: string) =>
  valueOf(series, 'cuota_http_request_duration_seconds_count', {
    part: 'bff',
    method: 'GET',
    route,
    status_code: status,
  });

test('proxied reads are counted by their contract route, never by a path with ids', async () => {
  const metricsUrl = `${server.metricsUrl}/metrics`;
  const before = await scrape(metricsUrl);
  const { agent } = await browserSignedInAs(bff, guardianSession());
  for (const id of ['stu-1', 'stu-2', 'stu-3'])
    await agent.get(`/api/v1/students/${id}/`).expect(200);
  await request(bff.app).get('/api/v1/students/stu-4/').expect(401);
  await request(bff.app).get('/api/v1/no-existe/').expect(404);

  const after = await scrape(metricsUrl);
  const route = '/api/v1/students/{id}/';
  expect(reads(after, route, '200') - reads(before, route, '200')).toBe(3);
  expect(reads(after, route, '401') - reads(before, route, '401')).toBe(1);
  expect(after.filter((s) => /stu-|no-existe/.test(s.labels.route ?? ''))).toEqual([]);
  expect(valueOf(after, 'cuota_process_resident_memory_bytes')).toBeGreaterThan(0);
});

test('the public port never serves the metrics; the metrics port serves nothing else', async () => {
  const open = await fetch(`${server.url}/metrics`);
  expect(await open.text()).not.toContain('cuota_http_request_duration_seconds');
  expect((await fetch(`${server.metricsUrl}/api/v1/students/stu-1/`)).status).toBe(404);
  expect((await fetch(`${server.metricsUrl}/healthz`)).status).toBe(404);
});
