// The package's `testing` export (@cuota/invoicing/testing): invoicing as other services'
// tests meet it. Nothing else of invoicing's source is theirs to import.
import { startServiceUnderTest, type ServiceUnderTest } from '@cuota/testing/service-under-test';
import type { TestIdentity } from '@cuota/testing/test-identity';
import { invoicingService } from '../invoicing-service';
import type * as schema from '../schema';

export { FISCAL_GUARDIAN_CONSUMER } from '../guardians/fiscal-guardian-consumer';

export type InvoicingUnderTest = ServiceUnderTest<typeof schema>;

/**
 * Invoicing's real service on a throwaway database, on the NATS namespace `natsPrefix`: its
 * consumers apply what the other services publish there, as in production.
 */
export function startInvoicingUnderTest(options: {
  natsPrefix: string;
  identity?: TestIdentity;
}): Promise<InvoicingUnderTest> {
  return startServiceUnderTest(invoicingService, { label: 'invoicing', ...options });
}
