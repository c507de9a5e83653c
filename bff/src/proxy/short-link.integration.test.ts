/**
 * A WhatsApp reminder's short link through the BFF to the real notifications service (ADR
 * 0084): `/l/{code}` is a 302 to the family's portal page with its campaign parameters, for a
 * browser without a session; `short_urls` says the same as JSON; an unknown code is a 404.
 */
import type { StaffIdentity } from '@cuota/contracts/identity/sign-in';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { waitFor } from '@cuota/testing/wait-for';
import request from 'supertest';
import {
  SCHOOL_ID,
  startNotificationsTestSystem,
  type NotificationsTestSystem,
} from '@cuota/notifications/test-support';
import { staffState } from '../identity/signed-in-states';
import { browserSignedInAs } from '../test-support/session-fixture';
import { startTestBff, type TestBff } from '../test-support/test-bff';

jest.setTimeout(60_000);

let system: NotificationsTestSystem;
let bff: TestBff;

const treasurer: StaffIdentity = {
  id: 'staff-treasurer',
  name: 'Tesorería',
  email: 'tesoreria@colegio.mx',
  memberships: [{ school_id: SCHOOL_ID, school_name: 'Colegio Valle Verde', role: 'TREASURER' }],
};

beforeAll(async () => {
  const identity = await createTestIdentity();
  system = await startNotificationsTestSystem({
    identity,
    now: new Date('2026-09-07T16:00:00Z'),
    label: 'notifications_short_links',
  });
  bff = await startTestBff({ identity, services: { notifications: system.underTest.service.url } });
  const { agent, csrfToken } = await browserSignedInAs(bff, staffState(treasurer));
  await agent
    .put(`/api/v1/dashboard/schools/${SCHOOL_ID}/reminder-schedule/`)
    .set('x-csrf-token', csrfToken)
    .send({
      enabled: true,
      days_before: 3,
      on_due_day: true,
      days_overdue: 3,
      quiet_from: 21,
      quiet_until: 8,
      channels: ['WHATSAPP'],
    })
    .expect(200);
});
afterAll(async () => {
  await bff?.close();
  await system?.stop();
});

test('the short link in a WhatsApp reminder redirects a signed-out phone to the family page', async () => {
  const family = await system.family(1, '55 4321 8765');
  await system.bill([family], '2026-09-10');
  const message = await waitFor(async () =>
    system.whatsapp.messages.find((m) => m.to === '525543218765'),
  );
  const link = new URL(message.text.split(' ').at(-1)!);
  expect(link.pathname).toMatch(/^\/l\/[A-Za-z0-9_-]{8}$/);

  const followed = await request(bff.app).get(link.pathname).expect(302);
  const target = new URL(followed.headers.location!, 'http://portal.cuota.test');
  expect(target.pathname).toBe(`/guardians/${family.guardianHash}/payments`);
  expect(Object.fromEntries(target.searchParams)).toMatchObject({
    utm_source: 'whatsapp',
    utm_medium: 'notificacion',
    utm_campaign: 'payment_reminder',
  });

  const code = link.pathname.slice('/l/'.length);
  const asked = await request(bff.app)
    .get(`/api/v1/guardians/short_urls/?code=${code}`)
    .expect(200);
  expect(asked.body).toMatchObject({ code, url: followed.headers.location, clicks: 2 });
});

test('an unknown code is the Spanish 404, not the portal', async () => {
  const res = await request(bff.app).get('/l/ZZZZZZZZ').expect(404);
  expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'No encontramos esa liga.' } });
});
