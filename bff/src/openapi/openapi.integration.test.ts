import request from 'supertest';
import { ALL_ENDPOINTS } from '@cuota/contracts/http/all-endpoints';
import { ALL_PLANNED_ROWS } from '@cuota/contracts/http/all-planned-rows';
import { endpointKey, isPublicEndpoint } from '@cuota/contracts/http/endpoint';
import { plannedRows } from '@cuota/contracts/http/planned-row';
import { pathParamNames } from '@cuota/contracts/http/route-path';
import { createOpenApiDocument } from './openapi-document';
import { startTestBff, type TestBff } from '../test-support/test-bff';

let bff: TestBff;
beforeAll(async () => {
  bff = await startTestBff();
});
afterAll(() => bff.close());

const served = ALL_ENDPOINTS.filter(isPublicEndpoint);

test('GET /api/openapi.json lists every public endpoint and every planned row, nothing internal', async () => {
  const res = await request(bff.app).get('/api/openapi.json').expect(200);
  expect(res.body.openapi).toBe('3.1.0');
  const listed = Object.entries(res.body.paths as Record<string, Record<string, unknown>>)
    .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();
  expect(listed).toEqual([...served, ...ALL_PLANNED_ROWS].map(endpointKey).sort());
  expect(listed).not.toContain('GET /internal/ledger/balance-check');
});

test('a planned row is documented as the Spanish 501 anyone gets, with its path parameters', () => {
  // Every row of the spec is served since ADR 0094; a row planned again reads like this one.
  const [row] = plannedRows('notifications', {
    webhook: { 'POST /api/v1/slack/{team}/interaction/{action}/': 'Interacción planeada' },
  });
  const document = createOpenApiDocument([], [row!], 'http://cuota.test');
  const planned = document.paths![row!.path]!.post!;
  expect(planned).toMatchObject({
    tags: ['notifications'],
    'x-cuota-planned': true,
    security: [{}],
  });
  expect(Object.keys(planned.responses!)).toEqual(['501']);
  expect((planned.responses!['501'] as { description: string }).description).toBe(
    'Esta función aún no está disponible.',
  );
  expect(planned.parameters!.map((p) => (p as { name: string }).name).sort()).toEqual(
    pathParamNames(row!.path).sort(),
  );
});

test('each operation says who may call it and carries its schemas', async () => {
  const { body } = await request(bff.app).get('/api/openapi.json').expect(200);
  const update = body.paths['/api/v1/schools/{id}/levels/{level}/'].patch;
  expect(update).toMatchObject({
    operationId: 'enrolment.levels.update',
    'x-cuota-access': { staff: 'levels.write' },
    security: [{ session: [], csrf: [] }, { bearer: [] }],
  });
  expect(update.description).toContain('levels.write');
  expect(update.requestBody.content['application/json'].schema.properties).toHaveProperty('name');
  expect(update.responses['200'].content['application/json'].schema.properties).toHaveProperty(
    'active',
  );
  expect(update.responses['404'].content['application/json'].schema).toBeDefined();
});

test('GET /api/docs is a readable page of the same reference, in Spanish', async () => {
  const res = await request(bff.app).get('/api/docs').expect(200);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  expect(res.text).toContain('<html lang="es-MX">');
  expect(res.text).toContain('/api/v1/schools/{id}/levels/{level}/');
  expect(res.text).toContain('Renombrar, mover o (des)activar un nivel');
  expect(res.text).toContain('personal de la escuela con el permiso levels.write');
  // Its own styles apply; nothing else may load or frame it.
  expect(res.headers['content-security-policy']).toBe(
    "default-src 'none'; frame-ancestors 'none'; style-src 'unsafe-inline'",
  );
});

test("a JSON answer carries the short API policy, not the pages' list of origins", async () => {
  const res = await request(bff.app).get('/api/openapi.json').expect(200);
  expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
});
