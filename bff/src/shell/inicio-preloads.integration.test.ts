import request from 'supertest';
import { inicioReads } from '@cuota/contracts/http/inicio-reads';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import { staffState } from '../identity/signed-in-states';
import {
  aStaffUser,
  browserSignedInAs,
  guardianSession,
  staffSession,
} from '../test-support/session-fixture';
import { startTestBff, type TestBff } from '../test-support/test-bff';

let bff: TestBff;
beforeAll(async () => {
  bff = await startTestBff();
});
afterAll(() => bff.close());

/** The URLs a page asks the browser to fetch ahead, with the tag's mode as written. */
const fetchPreloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch"([^>]*)>/g)]
    .map(([, href, rest]) => ({ url: href!.replace(/&amp;/g, '&'), rest: rest!.trim() }))
    .filter(({ url }) => url.startsWith('/api/'));

test("Inicio's page names its first reads for a one-school member, as the shell fetches them", async () => {
  const { agent } = await browserSignedInAs(bff, staffSession());
  const page = await agent.get('/dashboard').expect(200);
  const preloads = fetchPreloads(page.text);
  expect(preloads.map((p) => p.url)).toEqual(
    inicioReads('school-1', { role: 'OWNER' }, mexicoCityDate(new Date())),
  );
  // `credentials: 'same-origin'`, as readEarly asks: the browser hands over the preloaded answer.
  for (const { rest } of preloads) expect(rest).toBe('crossorigin="anonymous" fetchpriority="low"');
  for (const { url } of preloads) expect(url).toContain('/schools/school-1/');
});

test("a role without reports.read preloads its own cards' reads only", async () => {
  const cashier = staffState({
    ...aStaffUser,
    memberships: [{ school_id: 'school-7', school_name: 'Colegio Siete', role: 'CASH_COLLECTION' }],
  });
  const { agent } = await browserSignedInAs(bff, cashier);
  const page = await agent.get('/dashboard/').expect(200);
  expect(fetchPreloads(page.text).map((p) => p.url)).toEqual(
    inicioReads('school-7', { role: 'CASH_COLLECTION' }, mexicoCityDate(new Date())),
  );
});

test('nothing is preloaded when the school is the browser’s choice, or the page not Inicio', async () => {
  const twoSchools = staffState({
    ...aStaffUser,
    memberships: [
      { school_id: 'school-1', school_name: 'Colegio Prueba', role: 'OWNER' },
      { school_id: 'school-2', school_name: 'Colegio Dos', role: 'OWNER' },
    ],
  });
  const many = await browserSignedInAs(bff, twoSchools);
  expect(fetchPreloads((await many.agent.get('/dashboard').expect(200)).text)).toEqual([]);
  const one = await browserSignedInAs(bff, staffSession());
  expect(fetchPreloads((await one.agent.get('/dashboard/adeudos').expect(200)).text)).toEqual([]);
  const guardian = await browserSignedInAs(bff, guardianSession());
  expect(fetchPreloads((await guardian.agent.get('/dashboard').expect(200)).text)).toEqual([]);
  const signedOut = await request(bff.app).get('/dashboard').expect(200);
  expect(fetchPreloads(signedOut.text)).toEqual([]);
});
