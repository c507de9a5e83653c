import { createTestIdentity } from '@cuota/testing/test-identity';
import { NATS_URL } from '@cuota/testing/environment';
import { waitFor } from '@cuota/testing/wait-for';
import { startEnrolmentUnderTest, type EnrolmentUnderTest } from '@cuota/enrolment/test-support';
import { signInGuardian, signInStaff } from '../test-support/sign-in';
import { startTestBff, type TestBff } from '../test-support/test-bff';

// guardian.me kept in the BFF, against the real enrolment and NATS: what a family sees after
// staff, or the family itself, change something.

let enrolment: EnrolmentUnderTest | undefined;
let bff: TestBff;

beforeAll(async () => {
  const identity = await createTestIdentity();
  enrolment = await startEnrolmentUnderTest({ identity });
  bff = await startTestBff({
    identity,
    services: { enrolment: enrolment.url },
    events: { natsUrl: NATS_URL, natsPrefix: enrolment.ns.prefix },
  });
}, 60_000);
afterAll(async () => {
  await bff?.close();
  await enrolment?.stop();
});

type Me = {
  id: string;
  first_name: string;
  dependents: { id: string; first_name: string }[];
};

const ME = '/api/trpc/guardian.me?batch=1&input=%7B%7D';

async function family() {
  const signedIn = await signInGuardian(bff, {
    hash: enrolment!.demo.guardian_hash,
    email: enrolment!.demo.guardian_email,
  });
  const me = async () => (await signedIn.agent.get(ME).expect(200)).body[0].result.data as Me;
  return { ...signedIn, me };
}

const owner = () =>
  signInStaff(
    bff,
    enrolment!.demo.staff.find((s) => s.role === 'OWNER')!.email,
    enrolment!.demo.staff_password,
  );

test('a kept answer follows a staff edit of a child through enrolment’s event', async () => {
  const guardian = await family();
  const before = await guardian.me();
  await waitFor(() => bff.deps.guardianMe.size() > 0 || guardian.me().then(() => false));
  const child = before.dependents[0]!;

  const staff = await owner();
  await staff.agent
    .patch(`/api/v1/students/${child.id}/`)
    .set('x-csrf-token', staff.csrfToken)
    .send({ first_name: 'Renombrada' })
    .expect(200);

  const renamed = await waitFor(async () =>
    (await guardian.me()).dependents.find((d) => d.first_name === 'Renombrada'),
  );
  expect(renamed.id).toBe(child.id);
});

test("the family's own edit shows in the very next guardian.me, without waiting", async () => {
  const guardian = await family();
  const before = await guardian.me();
  await guardian.me(); // kept now
  await guardian.agent
    .patch(`/api/v1/guardians/${before.id}/`)
    .set('x-csrf-token', guardian.csrfToken)
    .send({ first_name: 'Mariela' })
    .expect(200);
  expect((await guardian.me()).first_name).toBe('Mariela');
});

// Last: it stops enrolment.
test('while enrolment restarts, a family that was just served still sees its home', async () => {
  const guardian = await family();
  const served = await guardian.me();
  await guardian.me();
  await enrolment!.stop();
  enrolment = undefined;
  expect(await guardian.me()).toEqual(served);
});
