/**
 * The spec's internal runs about families rather than orders (ADR 0084): «onboarding» reminds
 * guardians who have not finished signing up, «wrong_data» those whose fiscal data the SAT
 * would refuse; each once a day, on the school's channels, linked to the family's own portal.
 */
import { guardianUpdatedV1 } from '@cuota/contracts/events/enrolment.guardian.updated.v1';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import {
  onboardingReminders,
  wrongDataReminders,
} from '@cuota/contracts/notifications/reminder-runs';
import { messagesTo, waitForMessage } from '@cuota/testing/mailbox';
import { waitFor } from '@cuota/testing/wait-for';
import {
  guardianClaims,
  OTHER_SCHOOL_ID,
  SCHOOL_ID,
  SCHOOL_NAME,
  staffOf,
  startNotificationsTestSystem,
  type NotificationsTestSystem,
} from '../test-support/notifications-test-system';

jest.setTimeout(60_000);

let system: NotificationsTestSystem;
const ADMISSIONS = staffOf(SCHOOL_ID, 'ADMISSIONS');

const post = (
  path: string,
  who: IdentityClaims = ADMISSIONS,
  body: unknown = { school_id: SCHOOL_ID },
) => system.send('POST', path, body, who);
const templatesOf = (guardianId: string) =>
  system.underTest
    .query<{ template: string; status: string }>(
      'SELECT template, status FROM guardian_notifications WHERE guardian_id = $1',
      [guardianId],
    )
    .then((rows) => rows.map((r) => r.template));

beforeAll(async () => {
  system = await startNotificationsTestSystem({ now: new Date('2026-09-07T16:00:00Z') });
});
afterAll(() => system?.stop());

test('onboarding reminds the guardians still signing up, once a day, with a link to their own onboarding', async () => {
  const signingUp = await system.family(1, undefined, { onboarding_stage: 'BILLING' });
  const done = await system.family(2);
  const first = await post(onboardingReminders.path);
  expect(first.status).toBe(202);
  expect(await first.json()).toEqual({ queued: 1 });

  const mail = await waitForMessage(system.mailbox, signingUp.email);
  expect(mail.subject).toBe(`Completa tu registro · ${SCHOOL_NAME}`);
  expect(mail.text).toContain(
    `${SCHOOL_NAME} te invita a terminar tu registro en el portal de pagos.`,
  );
  expect(mail.text).toMatch(
    new RegExp(
      `Entra a tu portal: http://portal\\.cuota\\.test/guardians/${signingUp.guardianHash}/onboarding\\?notification_id=[0-9a-f-]{36}&utm_source=email&utm_medium=notificacion&utm_campaign=onboarding_reminder`,
    ),
  );
  expect(await templatesOf(done.guardianId)).toEqual([]);
  expect(await (await post(onboardingReminders.path)).json()).toEqual({ queued: 0 });
  expect(await messagesTo(system.mailbox, signingUp.email)).toHaveLength(1);
});

test('wrong_data names what of the fiscal data the SAT would refuse; corrected data is not reminded', async () => {
  const wrong = await system.family(3, undefined, {
    billing_name: 'Ana López',
    tax_id: 'XOJI741319U48',
    tax_zip_code: '6600',
    tax_regime: '605',
  });
  const fixed = await system.family(4, undefined, { tax_id: 'XOJI740919U48' });
  // The family corrects everything in enrolment: its next snapshot has nothing wrong.
  await system.consumed(
    await system.publish(guardianUpdatedV1, {
      guardian_id: fixed.guardianId,
      school_ids: [SCHOOL_ID],
      first_name: 'Tutor4',
      last_name: 'López',
      email: fixed.email,
      billing_name: 'Tutor4 López',
      tax_id: 'XOJI740919U48',
      tax_zip_code: '06600',
      tax_regime: '605',
      guardian_hash: fixed.guardianHash,
      onboarding_stage: 'COMPLETED',
    }),
  );
  expect(await (await post(wrongDataReminders.path)).json()).toEqual({ queued: 1 });
  const mail = await waitForMessage(system.mailbox, wrong.email);
  expect(mail.subject).toBe(`Revisa tus datos de facturación · ${SCHOOL_NAME}`);
  expect(mail.text).toContain(
    'El SAT no aceptaría tus facturas con estos datos: tu RFC y el código postal de tu domicilio fiscal.',
  );
  expect(mail.text).toContain(`/guardians/${wrong.guardianHash}/onboarding?notification_id=`);
  expect(await templatesOf(fixed.guardianId)).toEqual([]);
  await waitFor(async () => {
    const [row] = await system.underTest.query<{ status: string }>(
      'SELECT status FROM guardian_notifications WHERE guardian_id = $1',
      [wrong.guardianId],
    );
    return row?.status === 'SENT';
  });
});

test('a guardian, a cashier or a treasurer (403) or another school (404) may not run them; a bad school is a Spanish 400', async () => {
  const family = await system.family(9);
  for (const path of [onboardingReminders.path, wrongDataReminders.path]) {
    expect((await post(path, guardianClaims(family.guardianId))).status).toBe(403);
    expect((await post(path, staffOf(SCHOOL_ID, 'CASH_COLLECTION'))).status).toBe(403);
    expect((await post(path, staffOf(SCHOOL_ID, 'TREASURER'))).status).toBe(403);
    expect((await post(path, staffOf(OTHER_SCHOOL_ID, 'OWNER'))).status).toBe(404);
    const bad = await post(path, ADMISSIONS, { school_id: 'cualquiera' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('Elige una escuela válida.');
  }
});
