import { startEnrolmentUnderTest, type EnrolmentUnderTest } from '@cuota/enrolment/test-support';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { startTestBff, type TestBff, type TestBffOptions } from './test-bff';

export interface BffOnEnrolment {
  bff: TestBff;
  enrolment: EnrolmentUnderTest;
  /** Stops both, the BFF first. */
  stop(): Promise<void>;
}

/**
 * The BFF in front of a real enrolment (in-process, its own database and NATS namespace),
 * signing with the key pair enrolment trusts: what most BFF integration tests start.
 */
export async function startBffOnEnrolment(
  options: Omit<TestBffOptions, 'identity' | 'services'> = {},
): Promise<BffOnEnrolment> {
  const identity = await createTestIdentity();
  const enrolment = await startEnrolmentUnderTest({ identity });
  const bff = await startTestBff({ ...options, identity, services: { enrolment: enrolment.url } });
  return {
    bff,
    enrolment,
    stop: async () => {
      await bff.close();
      await enrolment.stop();
    },
  };
}
