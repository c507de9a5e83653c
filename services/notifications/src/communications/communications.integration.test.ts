/**
 * The spec's communications rows: whom a school can write to, by channel, debt and name,
 * with each filter's count; guardians and other schools are refused.
 */
import {
  guardianAudience,
  guardianFiltersMetadata,
  type GuardianAudience,
} from '@cuota/contracts/notifications/communications';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import {
  guardianClaims,
  OTHER_SCHOOL_ID,
  SCHOOL_ID,
  staffOf,
  startNotificationsTestSystem,
  type Family,
  type NotificationsTestSystem,
} from '../test-support/notifications-test-system';

jest.setTimeout(60_000);

let system: NotificationsTestSystem;
let owing: Family;
const ADMISSIONS = staffOf(SCHOOL_ID, 'ADMISSIONS');

const audience = async (filters: object, who: IdentityClaims = ADMISSIONS) =>
  system.send('POST', guardianAudience.path, { school_id: SCHOOL_ID, ...filters }, who);
const metadata = (who: IdentityClaims = ADMISSIONS, school = SCHOOL_ID) =>
  system.call(`${guardianFiltersMetadata.path}?school_id=${school}`, who);

beforeAll(async () => {
  system = await startNotificationsTestSystem({ now: new Date('2026-09-07T16:00:00Z') });
  owing = await system.family(1, '55 1234 5678');
  await system.family(2);
  // Overdue since the 1st (the schedule reminds of the 4th, not the 1st).
  await system.bill([owing], '2026-09-01', 180_000);
});
afterAll(() => system?.stop());

test('filters-metadata counts the guardians each filter keeps', async () => {
  const res = await metadata();
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({
    school_id: SCHOOL_ID,
    guardians: 2,
    channels: [
      { value: 'MAIL', label: 'Correo', guardians: 2 },
      { value: 'WHATSAPP', label: 'WhatsApp', guardians: 1 },
    ],
    debts: [
      { value: 'overdue', label: 'Con adeudo vencido', guardians: 1 },
      { value: 'up_to_date', label: 'Al corriente', guardians: 1 },
    ],
  });
});

test('get_guardians keeps those reachable on WhatsApp, those owing, and a name typed', async () => {
  const whatsapp = (await (await audience({ channel: 'WHATSAPP' })).json()) as GuardianAudience;
  expect(whatsapp.count).toBe(1);
  expect(whatsapp.results[0]).toEqual({
    guardian_id: owing.guardianId,
    first_name: 'Tutor1',
    last_name: 'López',
    email: owing.email,
    phone: '525512345678',
    overdue_orders: 1,
    overdue_centavos: 180_000,
  });
  const upToDate = (await (await audience({ debt: 'up_to_date' })).json()) as GuardianAudience;
  expect(upToDate.results.map((g) => g.first_name)).toEqual(['Tutor2']);
  const named = (await (await audience({ search: 'tutor2 ló' })).json()) as GuardianAudience;
  expect(named.results.map((g) => g.first_name)).toEqual(['Tutor2']);
  expect(((await (await audience({ search: '%' })).json()) as GuardianAudience).count).toBe(0);
});

test('a guardian and a role without guardians are 403, another school 404, a bad channel a Spanish 400', async () => {
  expect((await metadata(guardianClaims(owing.guardianId))).status).toBe(403);
  expect((await audience({}, guardianClaims(owing.guardianId))).status).toBe(403);
  expect((await metadata(staffOf(SCHOOL_ID, 'OTHER'))).status).toBe(403);
  expect((await metadata(staffOf(OTHER_SCHOOL_ID, 'OWNER'))).status).toBe(404);
  expect((await audience({}, staffOf(OTHER_SCHOOL_ID, 'OWNER'))).status).toBe(404);
  const bad = await audience({ debt: 'moroso' });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(await bad.json())).toContain('Elige con adeudo vencido o al corriente.');
});
