import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { startEnrolmentHarness, type EnrolmentHarness } from '../test-support/enrolment-harness';

let h: EnrolmentHarness;
beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_embed_origins');
}, 60_000);
afterAll(() => h?.stop());

const visitor: IdentityClaims = { kind: 'anonymous' };
const dashboard = () => `/api/v1/dashboard/schools/${h.demo.school_id}/embed-origins/`;
const publicList = () => `/api/v1/schools/${h.demo.school_id}/embed-origins/`;
const save = (as: IdentityClaims, origins: unknown) =>
  h.call(as, dashboard(), { method: 'PUT', json: { origins } });

test('a director registers sites as bare origins; anyone reads them, as the CSP would show', async () => {
  const res = await save(h.staff('GENERAL_DIRECTOR'), [
    'https://www.colegio.mx/',
    ' http://127.0.0.1:3010 ',
    'https://www.colegio.mx',
  ]);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ origins: ['http://127.0.0.1:3010', 'https://www.colegio.mx'] });
  expect((await h.call(visitor, publicList())).body).toEqual(res.body);
  expect((await h.call(h.staff('OTHER'), dashboard())).body).toEqual(res.body);

  expect((await save(h.staff('OWNER'), [])).body).toEqual({ origins: [] });
  expect((await h.call(visitor, publicList())).body).toEqual({ origins: [] });
});

test('a path, a script scheme or a role without school.write is refused and nothing is written', async () => {
  await save(h.staff('OWNER'), ['https://www.colegio.mx']);
  for (const bad of ['https://www.colegio.mx/tienda', 'javascript:alert(1)', '*', 'colegio.mx']) {
    const res = await save(h.staff('OWNER'), [bad]);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Escribe el origen del sitio como https://');
  }
  expect((await save(h.staff('TREASURER'), ['https://evil.example'])).status).toBe(403);
  expect((await save(h.otherOwner(), ['https://evil.example'])).status).toBe(404);
  expect((await h.call(visitor, publicList())).body).toEqual({
    origins: ['https://www.colegio.mx'],
  });
});
