/**
 * Motive 04 end to end (ADR 0050), on NATS and the PAC sandbox: a family asks for its own
 * CFDI of a payment already inside a stamped global invoice. Its nominative CFDI is stamped
 * first, the global is re-issued without it (TipoRelacion 04, valid by SAT's XSD and XSLT)
 * and the old global is cancelled with motive 04 — once, however many requests arrive.
 */
import {
  guardianCreatedV1,
  type GuardianSnapshot,
} from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { guardianUpdatedV1 } from '@cuota/contracts/events/enrolment.guardian.updated.v1';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import {
  payinSucceededV1,
  type PayinSucceeded,
} from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { payinReversedV1 } from '@cuota/contracts/events/payments.payin.reversed.v1';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { createLogger } from '@cuota/service-runtime/logging/logger';
import { waitFor } from '@cuota/testing/wait-for';
import { cadenaOriginal } from '../cfdi/cadena-original';
import { satWorkspace, type SatWorkspace } from '../cfdi/sat-tools';
import { parseStampedCfdi } from '../cfdi/stamped-cfdi';
import type { InvoiceRow } from '../invoices/invoice-repository';
import {
  OTHER_SCHOOL_ID,
  SCHOOL_ID,
  colegiatura,
  guardian,
  payin,
  refundOf,
  saveSchoolFiscalEntity,
  staffOf,
  startInvoicingTestSystem,
  student,
  uuidOf,
  type InvoicingTestSystem,
} from '../test-support/invoicing-test-system';
import { LAST_MONTH, NO_FISCAL_DATA } from '../test-support/global-invoice-fixtures';
import { GlobalInvoiceCollector } from './global-invoice-collector';

jest.setTimeout(120_000);

let system: InvoicingTestSystem;
let sat: SatWorkspace;
const accountant = staffOf(SCHOOL_ID, 'ACCOUNTANT');
/** Guardian n's registered fiscal data (the PAC sandbox knows these taxpayers). */
const TAXPAYERS: Record<number, Partial<GuardianSnapshot>> = {
  5: {
    billing_name: 'CARLOS ORTEGA SALAZAR',
    tax_id: 'COSC8001137NA',
    tax_regime: '605',
    tax_zip_code: '06600',
  },
  6: {
    billing_name: 'LUCIA MORALES PEREZ',
    tax_id: 'MOPL850101AB9',
    tax_regime: '605',
    tax_zip_code: '03100',
  },
  7: {
    billing_name: 'ANA GOMEZ RUIZ',
    tax_id: 'GORA900202HX8',
    tax_regime: '605',
    tax_zip_code: '44100',
  },
};
const held: Record<number, InvoiceRow> = {};
const paidEvents: Record<number, PayinSucceeded> = {};

const rowOf = async (id: string) =>
  (await system.invoicing.db.query.invoices.findFirst({ where: (t, { eq }) => eq(t.id, id) }))!;
const globals = () =>
  system.invoicing.db.query.invoices.findMany({
    where: (t, { eq }) => eq(t.document, 'global'),
    orderBy: (t, { asc }) => asc(t.createdAt),
  });
const settled = (id: string, status: InvoiceRow['status']) =>
  waitFor(async () => {
    const row = await rowOf(id);
    return row.status === status ? row : undefined;
  }, 30_000);
const generate = (n: number, who: IdentityClaims = accountant) =>
  system.call('/backoffice/invoicing/generate/', who, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ school_id: SCHOOL_ID, payin_id: held[n]!.sourceId }),
  });
const cancellationsOf = (invoiceId: string) =>
  system.invoicing.db.query.invoiceCancellations.findMany({
    where: (t, { eq }) => eq(t.invoiceId, invoiceId),
  });

async function giveData(n: number): Promise<void> {
  await system.publish(guardianUpdatedV1, guardian(n, TAXPAYERS[n]));
  await waitFor(async () => {
    const { rows } = await system.invoicing.db.$client.query(
      'SELECT tax_id FROM fiscal_guardians WHERE guardian_id = $1',
      [uuidOf(n)],
    );
    return rows[0]?.tax_id === TAXPAYERS[n]!.tax_id;
  });
}

async function verdictOf(xml: string) {
  const cfdi = parseStampedCfdi(xml);
  const { validates, satCadena, seal } = await sat.verdict(xml, cfdi.comprobante);
  return { validates, seal, cadena: cadenaOriginal(cfdi.comprobante) === satCadena };
}

beforeAll(async () => {
  [system, sat] = await Promise.all([
    startInvoicingTestSystem(),
    satWorkspace('invoicing-reissue-'),
  ]);
  await saveSchoolFiscalEntity(system, SCHOOL_ID, 'payment', 'monthly');
  for (const data of Object.values(TAXPAYERS))
    await system.registerTaxpayer(data.tax_id!, data.billing_name!, data.tax_zip_code!, ['605']);
  for (const n of [5, 6, 7]) {
    await system.publish(guardianCreatedV1, guardian(n, NO_FISCAL_DATA));
    await system.publish(studentCreatedV1, student(n, { billing_guardian_id: uuidOf(n) }));
  }
  for (const [n, centavos] of [
    [5, 3_000_00],
    [6, 2_500_00],
    [7, 1_000_00],
  ] as const) {
    const paid = payin({
      guardian_id: uuidOf(n),
      paid_at: LAST_MONTH.toISOString(),
      allocations: [colegiatura(student(n).student_id, { base_centavos: centavos })],
    });
    await system.publish(payinSucceededV1, paid);
    paidEvents[n] = paid;
    held[n] = await waitFor(async () => {
      const [row] = await system.invoicesOf(paid.payin_id);
      return row?.globalState === 'held' ? row : undefined;
    }, 20_000);
  }
  await new GlobalInvoiceCollector(
    system.invoicing.db,
    createLogger('test', 'silent'),
    60_000,
  ).collect();
  const [global] = await globals();
  await settled(global!.id, 'success');
});

afterAll(async () => {
  await system?.stop();
  await sat?.remove();
});

test('giving data later does not take a payment out of a stamped global by itself', async () => {
  await giveData(5);
  expect(await rowOf(held[5]!.id)).toMatchObject({ globalState: 'held', status: 'pending' });
});

test('another school’s staff get a 404, a treasurer a 403, and nothing changes', async () => {
  expect((await generate(5, staffOf(OTHER_SCHOOL_ID, 'ACCOUNTANT'))).status).toBe(404);
  expect((await generate(5, staffOf(SCHOOL_ID, 'TREASURER'))).status).toBe(403);
  expect(await globals()).toHaveLength(1);
  expect(await rowOf(held[5]!.id)).toMatchObject({ globalState: 'held' });
});

test('five requests at once: one family CFDI, one re-issued global, one cancellation (04)', async () => {
  const [old] = await globals();
  const stampsBefore = system.pac.state.stamps().length;
  const cancelsBefore = system.pac.cancellations.received;
  // The PAC is down: the family's CFDI waits, and so does the re-issue (not sealed).
  await system.pacBehaviour({ fail_next_stamps: 1000 });
  const answers = await Promise.all([1, 2, 3, 4, 5].map(() => generate(5)));
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
  // Meanwhile family 6 gets 500.00 back (delivered twice): the re-issue will carry the rest.
  const refund = refundOf(paidEvents[6]!, [
    { ...paidEvents[6]!.allocations[0]!, base_centavos: 500_00 },
  ]);
  await system.consumed(
    await system.publish(payinReversedV1, refund),
    await system.publish(payinReversedV1, refund),
  );
  const [, waiting] = await globals();
  expect(await rowOf(waiting!.id)).toMatchObject({ sealedXml: null, totalCentavos: 3_000_00 });
  expect(await rowOf(held[6]!.id)).toMatchObject({
    totalCentavos: 2_000_00,
    reducedByReversals: [refund.reversal_id],
  });
  await system.pacBehaviour({ fail_next_stamps: 0 });
  const ids = new Set(
    await Promise.all(
      answers.map(async (a) => ((await a.json()) as { results: { id: string }[] }).results[0]!.id),
    ),
  );
  expect(ids).toEqual(new Set([held[5]!.id]));

  const own = await settled(held[5]!.id, 'success');
  expect(own).toMatchObject({ receptorRfc: 'COSC8001137NA', globalState: 'released' });
  expect(await verdictOf(own.stampedXml!)).toEqual({
    validates: true,
    seal: 'Verified OK',
    cadena: true,
  });
  const [, reissue, ...more] = await globals();
  expect(more).toHaveLength(0);
  const stampedReissue = await settled(reissue!.id, 'success');
  const cfdi = parseStampedCfdi(stampedReissue.stampedXml!);
  expect(cfdi.comprobante.CfdiRelacionados).toEqual([{ TipoRelacion: '04', UUIDs: [old!.uuid] }]);
  expect(cfdi.comprobante.Total).toBe('3000.00');
  expect(cfdi.comprobante.Conceptos.map((c) => c.NoIdentificacion).sort()).toEqual(
    [held[6]!.sourceId, held[7]!.sourceId].sort(),
  );
  expect(await verdictOf(stampedReissue.stampedXml!)).toEqual({
    validates: true,
    seal: 'Verified OK',
    cadena: true,
  });

  expect(await settled(old!.id, 'canceled')).toBeTruthy();
  const cancellations = await cancellationsOf(old!.id);
  expect(cancellations).toHaveLength(1);
  expect(cancellations[0]).toMatchObject({ motive: '04', substituteUuid: null });
  expect(system.pac.state.stamp(old!.uuid!)).toMatchObject({
    motivo_cancelacion: '04',
    cancellation_status: 'cancelado_sin_aceptacion',
  });
  expect(system.pac.state.stamps().length - stampsBefore).toBe(2);
  expect(system.pac.cancellations.received - cancelsBefore).toBe(1);
  for (const n of [6, 7])
    expect(await rowOf(held[n]!.id)).toMatchObject({
      globalInvoiceId: reissue!.id,
      globalState: 'held',
    });
});

test('the last two families leave at once: no empty re-issue, the global cancelled once', async () => {
  await giveData(6);
  await giveData(7);
  const [, reissue] = await globals();
  const cancelsBefore = system.pac.cancellations.received;
  const answers = await Promise.all([generate(6), generate(7), generate(6), generate(7)]);
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
  for (const n of [6, 7])
    expect(await settled(held[n]!.id, 'success')).toMatchObject({
      receptorRfc: TAXPAYERS[n]!.tax_id,
    });
  await settled(reissue!.id, 'canceled');
  expect(await cancellationsOf(reissue!.id)).toMatchObject([{ motive: '04' }]);
  // Whichever left first, no global is left standing: every payment has its own CFDI.
  await waitFor(async () => (await globals()).every((g) => g.status === 'canceled'), 30_000);
  const received = system.pac.cancellations.received - cancelsBefore;
  expect(received).toBe((await globals()).length - 1);
});

test('asking again once its own CFDI is stamped answers it, and issues nothing', async () => {
  const stampsBefore = system.pac.state.stamps().length;
  const res = await generate(5);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { results: { id: string; status: string }[] };
  expect(body.results).toMatchObject([{ id: held[5]!.id, status: 'success' }]);
  expect(system.pac.state.stamps().length).toBe(stampsBefore);
});
