// The package's `testing` export (@cuota/billing/test-support): billing as other services' tests
// meet it. Nothing else of billing's source is theirs to import.
import path from 'node:path';
import { startServiceUnderTest, type ServiceUnderTest } from '@cuota/testing/service-under-test';
import type { TestIdentity } from '@cuota/testing/test-identity';
import { billingService } from '../billing-service';
import type * as schema from '../schema';

export { STUDENT_DIRECTORY_CONSUMER } from '../billing-service';

export type BillingUnderTest = ServiceUnderTest<typeof schema>;

/**
 * Billing's migrations, also where this file is bundled into another service's dist
 * (payments' checkout bench, services/payments/dist/*.cjs): there `__dirname` is that
 * service's dist, whose `../drizzle` holds the other service's migrations.
 */
function billingMigrations(): string {
  const own = billingService.migrationsFolder;
  return path.basename(path.dirname(own)) === 'billing'
    ? own
    : path.resolve(__dirname, '../../billing/drizzle');
}

/**
 * Billing's real service on a throwaway database, on the NATS namespace `natsPrefix`: its
 * consumers apply what the other services publish there, as in production.
 */
export function startBillingUnderTest(options: {
  natsPrefix: string;
  identity?: TestIdentity;
  /** The clock billing reads today's date from (late fees, due status). */
  now?: () => Date;
  /** A NATS server of the test's own (one it stops and starts); default the shared one. */
  natsUrl?: string;
}): Promise<BillingUnderTest> {
  const { now, natsUrl, ...rest } = options;
  return startServiceUnderTest(
    { ...billingService, migrationsFolder: billingMigrations() },
    {
      label: 'billing',
      ...rest,
      config: { ...(now ? { now } : {}), ...(natsUrl ? { natsUrl } : {}) },
    },
  );
}
