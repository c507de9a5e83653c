import type { DemoAccess } from '@cuota/contracts/enrolment/demo-access';
import { enrolmentService } from '@cuota/enrolment/enrolment-service';
import { seedDemoSchool } from '@cuota/enrolment/seed/demo-school';
import type { ServiceConfig } from '@cuota/service-host/service-config';
import { startService } from '@cuota/service-host/service-host';
import { createLogger } from '@cuota/service-runtime/logging/logger';
import { NATS_URL } from '@cuota/testing/environment';
import type { createTestIdentity } from '@cuota/testing/test-identity';
import { createTestDatabase } from '@cuota/testing/test-database';
import { createTestNamespace } from '@cuota/testing/test-namespace';

export interface EnrolmentUnderTest {
  url: string;
  demo: DemoAccess;
  /** What enrolment itself answers a guardian (to compare with what the BFF relays). */
  asGuardian: (path: string, guardianId: string) => Promise<unknown>;
  stop: () => Promise<void>;
}

/** The real enrolment service on a fresh database and NATS namespace, with the demo seed. */
export async function startEnrolmentUnderTest(
  identity: Awaited<ReturnType<typeof createTestIdentity>>,
  /** E.g. smtpUrl and publicUrl, so staff invitations are e-mailed to a sandbox. */
  config: Partial<Pick<ServiceConfig, 'smtpUrl' | 'mailFrom' | 'publicUrl'>> = {},
): Promise<EnrolmentUnderTest> {
  const [database, ns] = await Promise.all([
    createTestDatabase('enrolment'),
    createTestNamespace(),
  ]);
  const service = await startService(
    enrolmentService,
    {
      port: 0,
      databaseUrl: database.url,
      natsUrl: NATS_URL,
      natsPrefix: ns.prefix,
      identityPublicJwk: identity.keys.publicJwk,
      logLevel: 'silent',
      ...config,
    },
    createLogger('enrolment', 'silent'),
  );
  const demo = await seedDemoSchool(service.db);
  return {
    url: service.url,
    demo,
    asGuardian: async (path, guardianId) => {
      const token = await identity.sign({
        kind: 'guardian',
        guardian_id: guardianId,
        school_ids: [],
      });
      const res = await fetch(new URL(path, service.url), {
        headers: { authorization: `Bearer ${token}` },
      });
      return res.json();
    },
    stop: async () => {
      await service.stop();
      await ns.dispose();
      await database.drop();
    },
  };
}
