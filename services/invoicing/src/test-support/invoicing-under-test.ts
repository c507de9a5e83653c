// The package's `testing` export (@cuota/invoicing/test-support): invoicing as other services'
// tests meet it. Nothing else of invoicing's source is theirs to import.
import type { PacSandbox } from '@cuota/infra/sandboxes/pac/pac-sandbox.ts';
import { startServiceUnderTest, type ServiceUnderTest } from '@cuota/testing/service-under-test';
import type { TestIdentity } from '@cuota/testing/test-identity';
import { invoicingService } from '../invoicing-service';
import {
  controlPac,
  saveSchoolFiscalEntity,
  startInvoicingOnPac,
  type InvoicingTestSystem,
} from './invoicing-test-system';
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

export { guardian, SCHOOL, student } from './invoicing-test-system';

/**
 * Invoicing stamping through a PAC sandbox of its own, with `schoolId`'s fiscal entity and a
 * demo CSD saved and the school registered with the PAC: what another service's test needs to
 * see its payments invoiced. Register the families with `registerTaxpayer`.
 */
export async function startInvoicingWithPac(options: {
  natsPrefix: string;
  identity: TestIdentity;
  schoolId: string;
}): Promise<{
  invoicing: InvoicingUnderTest;
  pac: PacSandbox;
  registerTaxpayer: (
    rfc: string,
    name: string,
    postalCode: string,
    regime: string,
  ) => Promise<void>;
  stop: () => Promise<void>;
}> {
  const {
    underTest: invoicing,
    pac,
    box,
  } = await startInvoicingOnPac({
    label: 'invoicing_pac',
    natsPrefix: options.natsPrefix,
    identity: options.identity,
  });
  const registerTaxpayer: InvoicingTestSystem['registerTaxpayer'] = (rfc, name, cp, regimes) =>
    controlPac(pac.url, 'PUT', `/taxpayers/${rfc}`, { name, postal_code: cp, regimes });
  await saveSchoolFiscalEntity(
    { invoicing: invoicing.service, box, registerTaxpayer },
    options.schoolId,
  );
  return {
    invoicing,
    pac,
    registerTaxpayer: (rfc, name, postalCode, regime) =>
      registerTaxpayer(rfc, name, postalCode, [regime]),
    stop: async () => {
      await invoicing.stop();
      await pac.stop();
    },
  };
}
