import request from 'supertest';
import { UNREGISTERED_ORIGIN } from '@cuota/contracts/enrolment/embed-origins';
import type { EnrolmentUnderTest } from '@cuota/enrolment/test-support';
import { startBffOnEnrolment } from '../test-support/bff-on-enrolment';
import { EMBED_HOST, REMOTES, type TestBff } from '../test-support/test-bff';

// The demo seed registers the sample school site (ADR 0066).
const SITE = 'http://127.0.0.1:3010';
const STRANGER = 'http://127.0.0.1:9999';

let enrolment: EnrolmentUnderTest;
let bff: TestBff;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ bff, enrolment, stop } = await startBffOnEnrolment());
}, 60_000);
afterAll(() => stop?.());

const school = () => enrolment.demo.school_id;

test("a school's store page may be framed by its registered sites only; other pages by nobody", async () => {
  const store = await request(bff.app).get(`/store/${school()}`).expect(200);
  const csp = store.headers['content-security-policy'] as string;
  const ancestors = /frame-ancestors ([^;]*)/.exec(csp)![1]!.split(' ');
  expect(ancestors).toEqual(expect.arrayContaining(["'self'", SITE]));
  expect(ancestors).not.toContain(STRANGER);
  expect(store.headers['x-frame-options']).toBeUndefined();

  const dashboard = await request(bff.app).get('/dashboard').expect(200);
  expect(dashboard.headers['content-security-policy']).toContain("frame-ancestors 'self';");
  expect(dashboard.headers['x-frame-options']).toBe('SAMEORIGIN');
  const unknown = await request(bff.app).get('/store/00000000-0000-4000-8000-000000000000');
  expect(unknown.headers['x-frame-options']).toBe('SAMEORIGIN');
});

test('the store API answers CORS to a registered site; a stranger gets no header and a 403 on writes', async () => {
  const catalogue = `/api/v1/schools/${school()}/public/`;
  const ok = await request(bff.app).get(catalogue).set('Origin', SITE).expect(200);
  expect(ok.headers['access-control-allow-origin']).toBe(SITE);
  expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
  const preflight = await request(bff.app)
    .options(`/api/v1/schools/${school()}/validate_stock/`)
    .set('Origin', SITE)
    .set('Access-Control-Request-Method', 'POST')
    .expect(204);
  expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST');

  const read = await request(bff.app).get(catalogue).set('Origin', STRANGER).expect(200);
  expect(read.headers['access-control-allow-origin']).toBeUndefined();
  const write = await request(bff.app)
    .post(`/api/v1/schools/${school()}/validate_stock/`)
    .set('Origin', STRANGER)
    .send({ lines: [] })
    .expect(403);
  expect(write.body.error.message).toBe(UNREGISTERED_ORIGIN);
});

test('any site may load the <cuota-store> script: the embed host with the store version pointed at now', async () => {
  const res = await request(bff.app).get('/embed/cuota-store.js').expect(200);
  expect(res.headers['content-type']).toMatch(/^text\/javascript/);
  expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.text).toBe(
    `self.cuotaStoreEmbed={api:new URL(document.currentScript.src).origin,store:"${REMOTES.store}"};\n${EMBED_HOST}`,
  );
});

test('a registered site still needs the CSRF token of a session to write: none travels cross-site', async () => {
  const res = await request(bff.app)
    .post(`/api/v1/schools/${school()}/validate_stock/`)
    .set('Origin', SITE)
    .send({ lines: [{ variant_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }] });
  expect(res.status).toBe(403);
  expect(res.body.error.code).toBe('CSRF_INVALID');
});
