/**
 * The money loop across services: a card payment whose webhook arrives five times (and once
 * more on request) makes one payment, one allocation and — with invoicing running on the
 * same NATS — one stamped CFDI. Billing's side is payments' contract stand-in until
 * billing's service answers it.
 */
import { randomBytes } from 'node:crypto';
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { studentUpdatedV1 } from '@cuota/contracts/events/enrolment.student.updated.v1';
import { startPacSandbox, type PacSandbox } from '@cuota/infra/sandboxes/pac/pac-sandbox.ts';
import { generateDemoCsd } from '@cuota/invoicing/src/cfdi/demo-csd';
import { saveFiscalEntity } from '@cuota/invoicing/src/fiscal-entities/save-fiscal-entity';
import {
  guardian,
  PAC_TOKEN,
  SCHOOL,
  student,
} from '@cuota/invoicing/src/invoices/invoicing-test-system';
import { createInvoicingService } from '@cuota/invoicing/src/invoicing-service';
import type * as invoicingSchema from '@cuota/invoicing/src/schema';
import { SecretBox as InvoicingSecretBox } from '@cuota/invoicing/src/secrets/secret-box';
import { startService, type RunningService } from '@cuota/service-host/service-host';
import { NATS_URL } from '@cuota/testing/environment';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { waitFor } from '@cuota/testing/wait-for';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { publishEvent } from '../test-support/publish-event';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(90_000);

let h: PaymentsHarness;
let school: SchoolFixture;
let pac: PacSandbox;
let invoicingDb: TestDatabase;
let invoicing: RunningService<typeof invoicingSchema>;

const pacControl = (route: string, body: unknown) =>
  fetch(`${pac.url}/_sandbox${route}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'money_loop' });
  [school] = h.schools as [SchoolFixture];
  [pac, invoicingDb] = await Promise.all([
    startPacSandbox({ port: 0, apiToken: PAC_TOKEN }),
    createTestDatabase('money_loop_invoicing'),
  ]);
  const secretsKey = randomBytes(32).toString('base64');
  invoicing = await startService(
    createInvoicingService({
      pacUrl: pac.url,
      pacToken: PAC_TOKEN,
      secretsKey,
      pacTimeoutMs: 5_000,
      stamping: { retryBaseMs: 100, retryCapMs: 400, pollMs: 100 },
    }),
    {
      port: 0,
      databaseUrl: invoicingDb.url,
      natsUrl: NATS_URL,
      natsPrefix: h.ns.prefix,
      identityPublicJwk: h.identity.keys.publicJwk,
      logLevel: 'silent',
    },
  );
  // The school's fiscal entity and CSD, and the family's fiscal data, as enrolment says them.
  const password = 'contraseña-csd';
  const csd = generateDemoCsd({
    rfc: SCHOOL.rfc,
    legalName: SCHOOL.legalName,
    password,
    validFrom: new Date(Date.now() - 24 * 3600_000),
  });
  await invoicing.db.transaction((tx) =>
    saveFiscalEntity(
      tx,
      new InvoicingSecretBox(secretsKey),
      school.id,
      { issuer: SCHOOL, series: 'A', csd: { cer: csd.cer, key: csd.key, password } },
      new Date(),
    ),
  );
  const family = school.families[0]!;
  const parent = guardian(1, { guardian_id: family.guardianId, school_ids: [school.id] });
  await pacControl(`/taxpayers/${SCHOOL.rfc}`, {
    name: SCHOOL.legalName,
    postal_code: SCHOOL.postalCode,
    regimes: ['603'],
  });
  await pacControl(`/taxpayers/${parent.tax_id}`, {
    name: parent.billing_name,
    postal_code: parent.tax_zip_code,
    regimes: [parent.tax_regime],
  });
  await publishEvent(h.ns.nc, h.ns, guardianCreatedV1, parent);
  await publishEvent(
    h.ns.nc,
    h.ns,
    studentUpdatedV1,
    student(1, {
      student_id: family.studentIds[0]!,
      school_id: school.id,
      billing_guardian_id: family.guardianId,
    }),
  );
}, 90_000);

afterAll(async () => {
  await invoicing?.stop();
  await pac?.stop();
  await invoicingDb?.drop();
  await h?.stop();
});

test('one webhook delivered five times, then replayed: one payment, one allocation, one CFDI', async () => {
  const studentId = school.families[0]!.studentIds[0]!;
  const [order] = await h.bill(school, [studentId], { period: '2026-09', amount: 485_000 });
  await fetch(`${h.sandbox.url}/_sandbox/behaviour`, {
    method: 'PUT',
    body: JSON.stringify({ duplicates: 4 }),
  });
  let payinId: string;
  try {
    const res = await h.checkout(school, [order!]);
    expect(res.status).toBe(202);
    payinId = res.body.id;
    await h.waitForStatus(payinId, 'success');
    const deliveries = await waitFor(async () => {
      const log = (await (await fetch(`${h.sandbox.url}/_sandbox/webhooks`)).json()) as {
        ticket_number: string;
        status: number | null;
      }[];
      const answered = log.filter((d) => d.status === 200);
      return answered.length >= 5 ? answered : undefined;
    });
    const replay = await fetch(
      `${h.sandbox.url}/_sandbox/webhooks/${deliveries[0]!.ticket_number}/replay`,
      { method: 'POST' },
    );
    expect(replay.status).toBe(202);
  } finally {
    await fetch(`${h.sandbox.url}/_sandbox/behaviour`, { method: 'PUT', body: '{}' });
  }

  const invoices = async () =>
    (
      await invoicing.db.$client.query<{ status: string; uuid: string | null }>(
        'SELECT status, uuid FROM invoices WHERE source_id = $1',
        [payinId],
      )
    ).rows;
  const [invoice] = await waitFor(async () => {
    const rows = await invoices();
    return rows.length && rows[0]!.status !== 'pending' ? rows : undefined;
  }, 30_000);
  expect(invoice).toMatchObject({ status: 'success', uuid: expect.any(String) });
  await new Promise((r) => setTimeout(r, 500)); // any late duplicate would show by now
  expect(await invoices()).toHaveLength(1);
  expect(await h.count('payins', "id = $1 AND status = 'success'", [payinId])).toBe(1);
  expect(await h.count('allocations', 'order_id = $1', [order!.id])).toBe(1);
  await h.waitForBillingToSee(() => order!.paidBase === 485_000);
  await waitFor(async () => (await h.ledgerCheck()).ok);
});
