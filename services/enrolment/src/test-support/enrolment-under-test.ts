// The package's `testing` export (@cuota/enrolment/test-support): enrolment as other parts' tests
// meet it. Nothing else of enrolment's source is theirs to import.
import type { DemoAccess } from '@cuota/contracts/enrolment/demo-access';
import type { ServiceConfig } from '@cuota/service-host/service-config';
import type { TestIdentity } from '@cuota/testing/test-identity';
import { createTestNamespace, type TestNamespace } from '@cuota/testing/test-namespace';
import { startServiceUnderTest, type ServiceUnderTest } from '@cuota/testing/service-under-test';
import { enrolmentService } from '../enrolment-service';
import type * as schema from '../schema';
import { seedDemoSchool } from '../seed/demo-school';

export interface EnrolmentUnderTestOptions {
  /** Whose tokens enrolment accepts (the BFF's, in the BFF's tests); default a new identity. */
  identity?: TestIdentity;
  /** Names the throwaway database. */
  label?: string;
  /** The service's clock (cycle activation judges "ended" by it); default the system's. */
  now?: () => Date;
  /** false: without the student import worker (a test drives one itself). */
  worker?: boolean;
  /** E.g. smtpUrl and publicUrl, so staff invitations are e-mailed to a sandbox. */
  config?: Partial<ServiceConfig>;
}

export interface EnrolmentUnderTest extends ServiceUnderTest<typeof schema> {
  url: string;
  /** Its own NATS namespace (where its events are, and where other services may listen). */
  ns: TestNamespace;
  /** The demo school, as `npm start` seeds it: who to sign in as. */
  demo: DemoAccess;
  /** What enrolment itself answers a guardian (to compare with what a caller relays). */
  asGuardian: (path: string, guardianId: string) => Promise<unknown>;
}

/** The real enrolment service on a fresh database and NATS namespace, with the demo seed. */
export async function startEnrolmentUnderTest({
  identity,
  label = 'enrolment',
  now,
  worker = true,
  config = {},
}: EnrolmentUnderTestOptions = {}): Promise<EnrolmentUnderTest> {
  const ns = await createTestNamespace();
  const started = await startServiceUnderTest(
    worker ? enrolmentService : { ...enrolmentService, extras: undefined },
    { label, natsPrefix: ns.prefix, identity, config: { now, ...config } },
  ).catch(async (err: unknown) => {
    await ns.dispose();
    throw err;
  });
  const demo = await seedDemoSchool(started.service.db);
  return {
    ...started,
    url: started.service.url,
    ns,
    demo,
    asGuardian: async (path, guardianId) => {
      const token = await started.identity.sign({
        kind: 'guardian',
        guardian_id: guardianId,
        school_ids: [],
      });
      const res = await fetch(new URL(path, started.service.url), {
        headers: { authorization: `Bearer ${token}` },
      });
      return res.json();
    },
    stop: async () => {
      await started.stop();
      await ns.dispose();
    },
  };
}
