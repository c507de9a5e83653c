import { randomUUID } from 'node:crypto';
import type { EnrolmentUnderTest } from '@cuota/enrolment/test-support';
import { startBffOnEnrolment } from '../test-support/bff-on-enrolment';
import { signInStaff } from '../test-support/sign-in';
import type { TestBff } from '../test-support/test-bff';

/** Issue 9, finding 5, end to end: a double-clicked create through the BFF happens once. */
let enrolment: EnrolmentUnderTest;
let bff: TestBff;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ bff, enrolment, stop } = await startBffOnEnrolment());
}, 60_000);
afterAll(() => stop?.());

test('twenty identical POST /api/v1/students/ with one Idempotency-Key: one student', async () => {
  const owner = enrolment.demo.staff.find((s) => s.role === 'OWNER')!;
  const { agent, csrfToken } = await signInStaff(bff, owner.email, enrolment.demo.staff_password);
  const key = randomUUID();
  const student = {
    school_id: enrolment.demo.school_id,
    level: 'elementary',
    first_name: 'Doble',
    last_name: `Clic ${key.slice(0, 8)}`,
  };
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      agent
        .post('/api/v1/students/')
        .set('x-csrf-token', csrfToken)
        .set('idempotency-key', key)
        .send(student),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
  expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
  expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
  const list = await agent.get(
    `/api/v1/students/?school_id=${enrolment.demo.school_id}&search=${encodeURIComponent(student.last_name)}`,
  );
  expect(list.status).toBe(200);
  expect(list.body.count).toBe(1);
});
