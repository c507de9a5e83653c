import { randomBytes } from 'node:crypto';
import { startPacSandbox, type PacSandbox } from '@cuota/infra/sandboxes/pac/pac-sandbox.ts';
import { createDatabase, runMigrations } from '@cuota/service-runtime/db/database';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import type { GuardianSnapshot } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { issueCfdi } from '../cfdi/issue-cfdi';
import { fiscalEntityOf } from '../fiscal-entities/fiscal-entity-repository';
import { SchoolIssuers } from '../fiscal-entities/school-issuer';
import { upsertFiscalGuardian } from '../guardians/fiscal-guardian-repository';
import type { InvoicingDb } from '../invoicing-db';
import { INVOICING_MIGRATIONS } from '../invoicing-service';
import { createPacClient } from '../pac/create-pac-client';
import * as schema from '../schema';
import { SecretBox } from '../secrets/secret-box';
import { PAC_ACCOUNT, pacSettingsFor } from '../test-support/invoicing-test-system';
import {
  DEMO_FISCAL_ENTITY,
  demoTaxpayers,
  registerInPacSandbox,
  seedDemoFiscalEntity,
} from './demo-fiscal-entity';

jest.setTimeout(30_000);

const SCHOOL = '33333333-3333-4333-8333-333333333333';
const box = new SecretBox(randomBytes(32).toString('base64'));
let database: TestDatabase;
let db: InvoicingDb;
let pac: PacSandbox;

const family = (n: number, fiscal: Partial<GuardianSnapshot>): GuardianSnapshot => ({
  guardian_id: `g-${n}`,
  school_ids: [SCHOOL],
  first_name: 'Laura',
  last_name: 'Garza Treviño',
  email: null,
  billing_name: 'LAURA GARZA TREVIÑO',
  tax_id: 'GATL850505QRA',
  tax_zip_code: '64000',
  tax_regime: '605',
  ...fiscal,
});

beforeAll(async () => {
  [database, pac] = await Promise.all([
    createTestDatabase('invoicing_seed'),
    startPacSandbox({ port: 0, account: PAC_ACCOUNT }),
  ]);
  db = createDatabase(database.url, schema, 2);
  await runMigrations(db, INVOICING_MIGRATIONS);
});

afterAll(async () => {
  await db?.$client.end();
  await Promise.all([database?.drop(), pac?.stop()]);
});

test('gives the demo school its fiscal entity and CSD once, sealed at rest', async () => {
  expect(await seedDemoFiscalEntity(db, box, SCHOOL)).toBe('created');
  const first = (await fiscalEntityOf(db, SCHOOL))!;
  expect(await seedDemoFiscalEntity(db, box, SCHOOL)).toBe('existing');
  const again = (await fiscalEntityOf(db, SCHOOL))!;
  expect(again.csdNoCertificado).toBe(first.csdNoCertificado);
  expect(again).toMatchObject({
    rfc: DEMO_FISCAL_ENTITY.rfc,
    legalName: 'COLEGIO CUOTA DEMO',
    regimenFiscal: '603',
    postalCode: '64000',
    series: 'A',
    nextFolio: 1,
  });
  const { issuer, csd } = new SchoolIssuers(box).issuerOf(again);
  expect(csd.rfc).toBe(DEMO_FISCAL_ENTITY.rfc);
  // Sealed: the DER key is not in the row, and another key cannot open it.
  const key = csd.privateKey.export({ type: 'pkcs8', format: 'der' });
  expect(again.csdKeySealed.includes(key.subarray(0, 64))).toBe(false);
  expect(() =>
    new SchoolIssuers(new SecretBox(randomBytes(32).toString('base64'))).issuerOf(again),
  ).toThrow();
  expect(issuer.rvoe?.elementary).toBe(DEMO_FISCAL_ENTITY.rvoe.elementary);
});

test('a new secrets key on the machine replaces the demo CSD it can no longer open', async () => {
  const otherSchool = '55555555-5555-4555-8555-555555555555';
  await seedDemoFiscalEntity(db, box, otherSchool);
  const newKey = new SecretBox(randomBytes(32).toString('base64'));
  expect(await seedDemoFiscalEntity(db, newKey, otherSchool)).toBe('replaced');
  const row = (await fiscalEntityOf(db, otherSchool))!;
  expect(new SchoolIssuers(newKey).issuerOf(row).csd.rfc).toBe(DEMO_FISCAL_ENTITY.rfc);
});

test('registers the school and the families with complete fiscal data in the PAC sandbox, so their invoices stamp', async () => {
  await db.transaction(async (tx) => {
    await upsertFiscalGuardian(tx, family(1, {}), new Date());
    await upsertFiscalGuardian(tx, family(2, { tax_regime: null }), new Date());
    await upsertFiscalGuardian(tx, family(3, { school_ids: ['otra'] }), new Date());
  });
  const taxpayers = await demoTaxpayers(db, SCHOOL);
  expect(taxpayers.map((t) => t.rfc)).toEqual([DEMO_FISCAL_ENTITY.rfc, 'GATL850505QRA']);
  await registerInPacSandbox(pac.url, taxpayers);
  expect(pac.state.taxpayer('GATL850505QRA')).toMatchObject({
    postal_code: '64000',
    regimes: ['605'],
  });

  const { issuer, csd } = new SchoolIssuers(box).issuerOf((await fiscalEntityOf(db, SCHOOL))!);
  const now = new Date();
  const { xml } = issueCfdi(
    {
      issuer,
      receptor: {
        rfc: 'GATL850505QRA',
        name: 'LAURA GARZA TREVIÑO',
        postalCode: '64000',
        regimenFiscal: '605',
      },
      payment: { method: 'credit_card', paidAt: now },
      issuedAt: now,
      lines: [
        {
          description: 'Colegiatura septiembre 2026',
          conceptType: 'MONTHLY_FEE',
          amountCentavos: 3_500_00,
          student: { fullName: 'Sofía Garza', curp: 'GATS150505MNLRRFA1', level: 'middle' },
        },
      ],
    },
    csd,
  );
  const outcome = await createPacClient(pacSettingsFor(pac)).stamp(xml);
  expect(outcome.kind).toBe('stamped');
});
