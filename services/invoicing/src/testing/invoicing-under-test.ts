// The package's `testing` export (@cuota/invoicing/testing): invoicing as other services'
// tests meet it. Nothing else of invoicing's source is theirs to import.
import { randomBytes } from 'node:crypto';
import { startPacSandbox, type PacSandbox } from '@cuota/infra/sandboxes/pac/pac-sandbox.ts';
import { startServiceUnderTest, type ServiceUnderTest } from '@cuota/testing/service-under-test';
import type { TestIdentity } from '@cuota/testing/test-identity';
import { generateDemoCsd } from '../cfdi/demo-csd';
import { saveFiscalEntity } from '../fiscal-entities/save-fiscal-entity';
import { createInvoicingService, invoicingService } from '../invoicing-service';
import { SecretBox } from '../secrets/secret-box';
import { PAC_TOKEN, SCHOOL } from './invoicing-test-system';
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

export { guardian, PAC_TOKEN, SCHOOL, student } from './invoicing-test-system';

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
  const pac = await startPacSandbox({ port: 0, apiToken: PAC_TOKEN });
  const secretsKey = randomBytes(32).toString('base64');
  const invoicing = await startServiceUnderTest(
    createInvoicingService({
      pacUrl: pac.url,
      pacToken: PAC_TOKEN,
      secretsKey,
      pacTimeoutMs: 5_000,
      stamping: { retryBaseMs: 100, retryCapMs: 400, pollMs: 100 },
    }),
    { label: 'invoicing_pac', natsPrefix: options.natsPrefix, identity: options.identity },
  );
  const registerTaxpayer = async (
    rfc: string,
    name: string,
    postalCode: string,
    regime: string,
  ) => {
    const res = await fetch(`${pac.url}/_sandbox/taxpayers/${rfc}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, postal_code: postalCode, regimes: [regime] }),
    });
    if (!res.ok) throw new Error(`PAC sandbox taxpayer ${rfc}: ${res.status}`);
  };
  const password = 'contraseña-csd';
  const csd = generateDemoCsd({
    rfc: SCHOOL.rfc,
    legalName: SCHOOL.legalName,
    password,
    validFrom: new Date(Date.now() - 24 * 3600_000),
  });
  await invoicing.service.db.transaction((tx) =>
    saveFiscalEntity(
      tx,
      new SecretBox(secretsKey),
      options.schoolId,
      { issuer: SCHOOL, series: 'A', csd: { cer: csd.cer, key: csd.key, password } },
      new Date(),
    ),
  );
  await registerTaxpayer(SCHOOL.rfc, SCHOOL.legalName, SCHOOL.postalCode, '603');
  return {
    invoicing,
    pac,
    registerTaxpayer,
    stop: async () => {
      await invoicing.stop();
      await pac.stop();
    },
  };
}
