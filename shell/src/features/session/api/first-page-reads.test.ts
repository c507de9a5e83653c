/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { takeEarlyRead } from '@cuota/web-core/api/early-reads';
import { GLOBAL_STATE_STORAGE_KEY } from '@cuota/web-core/global-state/global-state-storage';
import { stubFetch, type FetchStub } from '@cuota/web-core/test-support/fetch-stub';
import {
  GUARDIAN_HASH,
  guardianSession,
  staffSession,
} from '@cuota/web-core/test-support/session-fixtures';
import { todayInMexicoCity } from '@cuota/ui/dates';
import { inicioReads } from '@cuota/contracts/http/inicio-reads';
import { startFirstPageReads } from './first-page-reads';

const home = `/guardians/${GUARDIAN_HASH}`;
const SCHOOLS = [
  { id: 'school-1', name: 'Colegio Montessori del Valle' },
  { id: 'school-2', name: 'Instituto del Bosque' },
];
let network: FetchStub;
const asked = () =>
  network.requests.map((r) => `${new URL(r.url).pathname}${new URL(r.url).search}`);

beforeEach(() => {
  network = stubFetch();
  sessionStorage.clear();
});
// Each test leaves its reads behind; the next must not find them.
afterEach(() => {
  for (const url of asked()) void takeEarlyRead(url);
});

test('Pagos opened by its family: what it owes and the card settings are asked at once', () => {
  startFirstPageReads(guardianSession({ schools: SCHOOLS }), `${home}/payments`);
  expect(asked()).toEqual([
    '/api/v1/schools/school-1/fulfillments/',
    '/api/v1/schools/school-1/card_form/',
  ]);
  expect(network.requests.every((r) => r.method === 'GET' && r.credentials === 'same-origin')).toBe(
    true,
  );
});

test('the school picked earlier in this tab is the one read', () => {
  sessionStorage.setItem(
    GLOBAL_STATE_STORAGE_KEY,
    JSON.stringify({ schools: SCHOOLS, selectedSchool: 'school-2', webview: false }),
  );
  startFirstPageReads(guardianSession({ schools: SCHOOLS }), `${home}/payments/history/`);
  expect(asked()).toEqual([
    '/api/v1/schools/school-2/payins/?page=1&page_size=10',
    '/api/v1/schools/school-2/transfer-reports/',
  ]);
});

test('nothing is read for a page the guard will not show', () => {
  const cases: [unknown, string][] = [
    [{}, `${home}/payments`],
    [guardianSession({ guardian_hash: 'another-family' }), `${home}/payments`],
    [staffSession(), `${home}/payments`],
    [guardianSession({ onboarding_stage: 'BILLING' }), `${home}/payments`],
    [guardianSession({ fraud_status: 'high_risk' }), `${home}/payments/history`],
    [guardianSession({ schools: [] }), `${home}/payments`],
    [guardianSession(), '/dashboard'],
    [staffSession({ memberships: [] }), '/dashboard'],
    [staffSession(), '/dashboard/students'],
    [guardianSession(), `${home}/students`],
  ];
  for (const [session, path] of cases) startFirstPageReads(session, path);
  expect(asked()).toEqual([]);
});

test("Inicio opened by a treasurer: its cards' reads in the school it works on, for today", () => {
  const session = staffSession({
    schools: SCHOOLS,
    memberships: SCHOOLS.map((s) => ({ school_id: s.id, role: 'TREASURER' as const })),
  });
  sessionStorage.setItem(
    GLOBAL_STATE_STORAGE_KEY,
    JSON.stringify({ schools: SCHOOLS, selectedSchool: 'school-2', webview: false }),
  );
  startFirstPageReads(session, '/dashboard/');
  const today = todayInMexicoCity();
  expect(asked()).toEqual(inicioReads('school-2', { role: 'TREASURER' }, today));
  expect(asked()).toContain(
    `/api/v1/dashboard/schools/school-2/billing_figures/?month=${today.slice(0, 7)}`,
  );
});
