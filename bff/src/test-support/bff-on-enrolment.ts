import { startEnrolmentUnderTest, type EnrolmentUnderTest } from '@cuota/enrolment/test-support';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { startEchoService } from './echo-service';
import { signInStaff } from './sign-in';
import { startTestBff, type TestBff, type TestBffOptions } from './test-bff';

export interface BffOnEnrolment {
  bff: TestBff;
  enrolment: EnrolmentUnderTest;
  /** Stops all it started, the BFF first. */
  stop(): Promise<void>;
}

export type EchoPayments = Awaited<ReturnType<typeof startEchoService>>;
export type BffWithEchoPayments = BffOnEnrolment & { payments: EchoPayments };

type Options = Omit<TestBffOptions, 'identity' | 'services'>;

/**
 * The BFF in front of a real enrolment (in-process, its own database and NATS namespace),
 * signing with the key pair enrolment trusts: what most BFF integration tests start.
 */
export async function startBffOnEnrolment(options: Options = {}): Promise<BffOnEnrolment> {
  return start(options, false);
}

/**
 * The same, with payments as a stand-in that answers with the identity it was sent (and
 * records each call): for tests of who the BFF lets through to payments.
 */
export async function startBffWithEchoPayments(options: Options = {}) {
  return start(options, true) as Promise<BffWithEchoPayments>;
}

async function start(options: Options, echoPayments: boolean) {
  const identity = await createTestIdentity();
  const enrolment = await startEnrolmentUnderTest({ identity });
  const payments = echoPayments ? await startEchoService(identity.keys.publicJwk) : undefined;
  const bff = await startTestBff({
    ...options,
    identity,
    services: { enrolment: enrolment.url, ...(payments ? { payments: payments.url } : {}) },
  });
  return {
    bff,
    enrolment,
    ...(payments ? { payments } : {}),
    stop: async () => {
      await bff.close();
      await payments?.stop();
      await enrolment.stop();
    },
  };
}

/**
 * Every demo staff role signs in and POSTs `body` to `path` (its own Idempotency-Key per
 * role), each answer beside how many calls reached the echoed payments for it.
 */
export async function postAsEachStaff(
  h: BffWithEchoPayments,
  path: string,
  body: object,
  key: string,
) {
  const answers = [];
  for (const { email, role } of h.enrolment.demo.staff) {
    const before = h.payments.calls.length;
    const { agent, csrfToken } = await signInStaff(h.bff, email, h.enrolment.demo.staff_password);
    const res = await agent
      .post(path)
      .set('x-csrf-token', csrfToken)
      .set('idempotency-key', `${key}-${role}`)
      .send(body);
    answers.push({ role, res, reached: h.payments.calls.length - before });
  }
  return answers;
}
