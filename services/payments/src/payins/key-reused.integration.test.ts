import { randomUUID } from 'node:crypto';
import { startEnrolmentUnderTest, type EnrolmentUnderTest } from '@cuota/enrolment/test-support';
import { errorBody } from '@cuota/service-runtime/http/error-handler';
import { keyReusedError } from '@cuota/service-runtime/idempotency/same-request';
import type { PaymentsHarness } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';

/**
 * Issue 15: one idempotency mechanism, one answer to "same key, other request", whichever of
 * its two forms (ADR 0019) holds the key: a payin keeps it on its row, an enrolment student
 * in the `idempotency_keys` table. Both services, for real, answer the same 422 body.
 */
jest.setTimeout(60_000);

let h: PaymentsHarness;
let enrolment: EnrolmentUnderTest;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_key_reused' });
  enrolment = await startEnrolmentUnderTest({ identity: h.identity, worker: false });
}, 60_000);
afterAll(async () => {
  await enrolment?.stop();
  await h?.stop();
});

/** Sends `first`, then `second` under the same key; returns the second answer. */
async function sameKeyTwice(
  send: (json: unknown, key: string) => Promise<{ status: number; body: unknown }>,
  first: unknown,
  second: unknown,
) {
  const key = `clave-${randomUUID()}`;
  expect((await send(first, key)).status).toBe(201);
  return send(second, key);
}

test('a payin and a student answer a reused key with the same Spanish 422 body', async () => {
  const school = h.schools[0]!;
  const cash = {
    student_id: school.families[0]!.studentIds[0]!,
    method: 'cash',
    confirm_excess: true,
  };
  const payin = await sameKeyTwice(
    (json, key) =>
      h.call(h.staff('CASH_COLLECTION'), `/api/v1/dashboard/schools/${school.id}/payins/`, {
        method: 'POST',
        json,
        headers: { 'idempotency-key': key },
      }),
    { ...cash, amount_centavos: 1_000 },
    { ...cash, amount_centavos: 2_000 },
  );

  const student = { school_id: enrolment.demo.school_id, level: 'elementary', last_name: 'Uno' };
  const owner = {
    kind: 'staff' as const,
    user_id: randomUUID(),
    memberships: [{ school_id: enrolment.demo.school_id, role: 'OWNER' as const }],
  };
  const created = await sameKeyTwice(
    async (json, key) => {
      const res = await fetch(new URL('/api/v1/students/', enrolment.url), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await h.identity.sign(owner)}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify(json),
      });
      return { status: res.status, body: await res.json() };
    },
    { ...student, first_name: 'Ana' },
    { ...student, first_name: 'Otra' },
  );

  expect(payin.status).toBe(422);
  expect(created.status).toBe(422);
  expect(payin.body).toEqual(created.body);
  expect(payin.body).toEqual(errorBody(keyReusedError()));
});
