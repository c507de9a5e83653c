/**
 * A school that invoices at billing (ADR 0037 "PPD and Pagos 2.0"), on real NATS and the PAC
 * sandbox: billing's orders become a PPD invoice (MetodoPago PPD, FormaPago 99), and each
 * payment of it a CFDI de pago (P, Pagos 2.0) with the next installment number and balance,
 * all valid by SAT's XSD and XSLT with a seal that verifies; a redelivered payment records
 * one complement; what the PPD invoice did not bill (a late fee) is invoiced PUE; a lowered
 * order gets one credit note; one payment of two children's PPD invoices is one CFDI de pago.
 */
import { randomUUID } from 'node:crypto';
import { ordersBilledV1 } from '@cuota/contracts/events/billing.orders.billed.v1';
import { orderAdjustedV1 } from '@cuota/contracts/events/billing.order.adjusted.v1';
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import { payinReversedV1 } from '@cuota/contracts/events/payments.payin.reversed.v1';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { pageSchema } from '@cuota/contracts/common/pagination';
import {
  creditNoteOverBalance as overBalance,
  invoiceSchema,
  invoiceUrlsSchema,
} from '@cuota/contracts/invoicing/invoices';
import { startSmtpSandbox, type SmtpSandbox } from '@cuota/infra/sandboxes/smtp/smtp-sandbox.ts';
import { messagesTo, waitForMessage } from '@cuota/testing/mailbox';
import { waitFor } from '@cuota/testing/wait-for';
import { parseCentavos } from '../cfdi/cfdi-amounts';
import { satWorkspace, type SatWorkspace } from '../cfdi/sat-tools';
import { parseStampedCfdi } from '../cfdi/stamped-cfdi';
import { invoices } from '../schema';
import type { InvoiceRow } from './invoice-repository';
import { apiErrorSchema } from '@cuota/contracts/common/api-error';
import { KEY_FOR_PART, PPD_SETTLED } from '../cancellations/cancel-invoice';
import {
  OTHER_SCHOOL_ID,
  SCHOOL_ID,
  colegiatura,
  guardian,
  guardianClaims,
  payin,
  saveSchoolFiscalEntity,
  staffOf,
  startInvoicingTestSystem,
  student,
  uuidOf,
  type InvoicingTestSystem,
} from '../test-support/invoicing-test-system';

jest.setTimeout(120_000);

let system: InvoicingTestSystem;
let smtp: SmtpSandbox;
let sat: SatWorkspace;
const ana = student(1);

beforeAll(async () => {
  smtp = await startSmtpSandbox({ smtpPort: 0, httpPort: 0 });
  [system, sat] = await Promise.all([
    startInvoicingTestSystem({
      config: {
        smtpUrl: `smtp://127.0.0.1:${smtp.smtpPort}`,
        mailFrom: 'Cuota <no-responder@cuota.test>',
      },
    }),
    satWorkspace('invoicing-ppd-'),
  ]);
  await saveSchoolFiscalEntity(system, SCHOOL_ID, 'billing');
  await system.registerTaxpayer('COSC8001137NA', 'CARLOS ORTEGA SALAZAR', '06600', ['605']);
  await system.publish(guardianCreatedV1, guardian(1));
  await system.publish(studentCreatedV1, ana);
  await waitFor(async () => {
    const { rows } = await system.invoicing.db.$client.query(
      'SELECT (SELECT count(*) FROM student_directory)::int AS s, (SELECT count(*) FROM fiscal_guardians)::int AS g',
    );
    return rows[0].s === 1 && rows[0].g === 1;
  });
});

afterAll(async () => {
  await system?.stop();
  await smtp?.stop();
  await sat?.remove();
});

/** What SAT's own files say of a stamped CFDI: XSD, cadena by its XSLT, the seal. */
async function expectSatAccepts(xml: string) {
  const stamped = parseStampedCfdi(xml);
  const { validates, seal } = await sat.verdict(xml, stamped.comprobante);
  expect(validates).toBe(true);
  expect(seal).toBe('Verified OK');
  return stamped;
}

/** billing's bill run of one colegiatura order (Ana's); its PPD invoice, once stamped. */
async function billedColegiatura(amountCentavos: number, child = ana) {
  const { orderId, batchId } = await billOrder(amountCentavos, child);
  const ppd = await system.settled(batchId, child.student_id);
  expect(ppd).toMatchObject({ status: 'success', sourceKind: 'billing', method: null });
  return { orderId, ppd };
}

/** billing's bill run of one colegiatura order, published. */
async function billOrder(amountCentavos: number, child: typeof ana) {
  const orderId = randomUUID();
  const batchId = randomUUID();
  await system.publish(ordersBilledV1, {
    school_id: SCHOOL_ID,
    batch_id: batchId,
    concept_id: uuidOf(500),
    concept_type: 'MONTHLY_FEE',
    period: '2026-09',
    orders: 1,
    total_centavos: amountCentavos,
    detail: {
      concept_name: 'Colegiatura',
      items: [{ order_id: orderId, student_id: child.student_id, amount_centavos: amountCentavos }],
    },
  });
  return { orderId, batchId };
}

const complementsOf = (ppdId: string) =>
  system.invoicing.db.query.invoices.findMany({
    where: (t, { and, eq }) => and(eq(t.relatedInvoiceId, ppdId), eq(t.document, 'payment')),
    orderBy: (t, { asc }) => [asc(t.installment)],
  });

/** Pays `base` (and a late fee) of the order by transfer; waits for its complement stamped. */
async function pay(orderId: string, ppd: InvoiceRow, base: number, lateFee = 0, child = ana) {
  const before = (await complementsOf(ppd.id)).length;
  const paid = payin({
    type: 'CASH_IN',
    method: 'transfer',
    paid_at: new Date().toISOString(),
    allocations: [
      colegiatura(child.student_id, {
        order_id: orderId,
        base_centavos: base,
        late_fee_centavos: lateFee,
      }),
    ],
  });
  const eventId = await system.publish(payinSucceededV1, paid);
  const complement = await waitFor(async () => {
    const list = await complementsOf(ppd.id);
    const mine = list.find((c) => c.sourceId === paid.payin_id);
    return list.length === before + 1 && mine?.status === 'success' ? mine : undefined;
  }, 30_000);
  return { paid, eventId, complement };
}

const DOCTO_ATTRIBUTES = [
  'IdDocumento',
  'NumParcialidad',
  'ImpSaldoAnt',
  'ImpPagado',
  'ImpSaldoInsoluto',
] as const;

/** Every DoctoRelacionado of a stamped complement (the attributes the tests read). */
function doctos(xml: string): Record<string, string | undefined>[] {
  return [...xml.matchAll(/<pago20:DoctoRelacionado ([^>]*)>/g)].map(([, element]) =>
    Object.fromEntries(
      DOCTO_ATTRIBUTES.map((a) => [a, new RegExp(`\\b${a}="([^"]*)"`).exec(element!)?.[1]]),
    ),
  );
}

/** The complement's (first) DoctoRelacionado as stamped. */
const docto = (xml: string) => doctos(xml)[0] ?? {};

describe('an order billed as PPD and paid in one installment', () => {
  test('the PPD invoice says PPD / forma 99 and its CFDI de pago pays it whole; SAT’s files accept both', async () => {
    const { orderId, ppd } = await billedColegiatura(4_850_00);
    const stampedPpd = await expectSatAccepts(ppd.stampedXml!);
    expect(stampedPpd.comprobante).toMatchObject({
      TipoDeComprobante: 'I',
      MetodoPago: 'PPD',
      FormaPago: '99',
      Total: '4850.00',
    });

    const { paid, complement } = await pay(orderId, ppd, 4_850_00);
    const stamped = await expectSatAccepts(complement.stampedXml!);
    expect(stamped.comprobante).toMatchObject({ TipoDeComprobante: 'P', Total: '0' });
    expect(stamped.comprobante.Receptor).toMatchObject({ Rfc: 'COSC8001137NA', UsoCFDI: 'CP01' });
    expect(docto(complement.stampedXml!)).toEqual({
      IdDocumento: ppd.uuid,
      NumParcialidad: '1',
      ImpSaldoAnt: '4850.00',
      ImpPagado: '4850.00',
      ImpSaldoInsoluto: '0.00',
    });
    // No second income CFDI for money the PPD invoice already invoiced.
    expect((await system.invoicesOf(paid.payin_id)).map((i) => i.document)).toEqual(['payment']);
  });
});

describe('an order billed as PPD and paid in three installments', () => {
  let orderId: string;
  let ppd: InvoiceRow;
  const complements: InvoiceRow[] = [];

  beforeAll(async () => {
    ({ orderId, ppd } = await billedColegiatura(4_850_00));
    for (const [base, lateFee] of [
      [2_000_00, 0],
      [2_000_00, 0],
      [850_00, 150_00],
    ] as const) {
      const { paid, eventId, complement } = await pay(orderId, ppd, base, lateFee);
      complements.push(complement);
      if (complements.length > 1) continue;
      // The first payment again, before the second: redelivered, and as a new event.
      for (let i = 0; i < 3; i++) await system.republish(eventId);
      await system.consumed(await system.publish(payinSucceededV1, paid));
    }
  });

  test('installments 1, 2, 3 carry the balance; each passes SAT’s XSD, XSLT and openssl', async () => {
    const doctos = [];
    for (const c of complements) {
      await expectSatAccepts(c.stampedXml!);
      doctos.push(docto(c.stampedXml!));
    }
    expect(
      doctos.map((d) => [d.NumParcialidad, d.ImpSaldoAnt, d.ImpPagado, d.ImpSaldoInsoluto]),
    ).toEqual([
      ['1', '4850.00', '2000.00', '2850.00'],
      ['2', '2850.00', '2000.00', '850.00'],
      ['3', '850.00', '850.00', '0.00'],
    ]);
    const paid = doctos.reduce((sum, d) => sum + parseCentavos(d.ImpPagado!), 0);
    expect(paid + parseCentavos(doctos.at(-1)!.ImpSaldoInsoluto!)).toBe(ppd.totalCentavos);
    expect(new Set(doctos.map((d) => d.IdDocumento))).toEqual(new Set([ppd.uuid]));
  });

  test('a redelivered or duplicated payment event records and stamps one complement', async () => {
    const all = await complementsOf(ppd.id);
    expect(all.map((c) => c.sourceId)).toEqual(complements.map((c) => c.sourceId));
    const stamps = system.pac.state.stamps();
    for (const c of all) expect(stamps.filter((s) => s.uuid === c.uuid)).toHaveLength(1);
  });

  test('a late fee the PPD invoice did not bill is invoiced when paid (PUE, other concepts)', async () => {
    const last = complements.at(-1)!;
    const recargo = await system.settled(last.sourceId, ana.student_id, 'other');
    expect(recargo).toMatchObject({
      document: 'invoice',
      status: 'success',
      totalCentavos: 150_00,
    });
    const stamped = await expectSatAccepts(recargo.stampedXml!);
    expect(stamped.comprobante).toMatchObject({ MetodoPago: 'PUE', FormaPago: '03' });
  });

  test('send_invoices_to_email sends the payment’s CFDI de pago beside its income invoice', async () => {
    const FAMILY = 'tutor1@example.mx';
    const mailbox = `http://127.0.0.1:${smtp.httpPort}/`;
    const last = complements.at(-1)!;
    const send = (claims: Parameters<typeof system.call>[1]) =>
      system.call(
        `/api/v1/schools/${SCHOOL_ID}/payins/${last.sourceId}/send_invoices_to_email/`,
        claims,
        {
          method: 'POST',
        },
      );
    const before = (await messagesTo(mailbox, FAMILY)).length;
    const res = await send(guardianClaims(1));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: 2, sent_to: [FAMILY] });
    await waitForMessage(mailbox, FAMILY, before + 2);
    const mails = await messagesTo(mailbox, FAMILY);
    const subject = (row: InvoiceRow, what: string) =>
      `Tu ${what} A-${row.folio} de ESCUELA KEMPER URGATE`;
    const complementMail = mails.find((m) => m.subject === subject(last, 'complemento de pago'))!;
    expect(complementMail.text).toContain('por $850.00 (parcialidad 3).');
    expect(complementMail.text).toContain(`Folio fiscal (UUID): ${last.uuid}.`);
    expect(complementMail.attachments.map((a) => [a.filename, a.content_type])).toEqual([
      [`complemento-de-pago-A-${last.folio}.xml`, 'application/xml'],
      [`complemento-de-pago-A-${last.folio}.pdf`, 'application/pdf'],
    ]);
    expect(complementMail.attachments[0]!.size).toBe(Buffer.byteLength(last.stampedXml!));
    const recargo = await system.settled(last.sourceId, ana.student_id, 'other');
    expect(mails.map((m) => m.subject)).toContain(subject(recargo, 'factura'));
    // Another family finds nothing to send.
    expect((await send(guardianClaims(9))).status).toBe(404);
  });

  test('staff see each complement in Facturas; the family sees them with the order', async () => {
    const list = pageSchema(invoiceSchema).parse(
      await (
        await system.call(
          `/api/v1/dashboard/schools/${SCHOOL_ID}/invoices/?page_size=200`,
          staffOf(SCHOOL_ID, 'TREASURER'),
        )
      ).json(),
    );
    const shown = list.results.filter((i) => i.related_invoice_id === ppd.id);
    expect(shown.map((i) => [i.document, i.installment, i.total_centavos]).sort()).toEqual([
      ['payment', 1, 2_000_00],
      ['payment', 2, 2_000_00],
      ['payment', 3, 850_00],
    ]);
    const urls = invoiceUrlsSchema.parse(
      await (
        await system.call(
          `/api/v1/students/${ana.student_id}/orders/${orderId}/invoice_urls/`,
          guardianClaims(1),
        )
      ).json(),
    );
    const links = urls.invoices.filter((i) => i.document === 'payment' && i.xml_url);
    expect(links).toHaveLength(3);
    const pdf = await system.call(links[0]!.pdf_url!, guardianClaims(1));
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(urls.invoices.filter((i) => i.document === 'invoice').length).toBeGreaterThanOrEqual(1);
  });
});

/** payments' reversal of a payin (a void or a refund) for what it gave back of the order. */
async function reverse(paid: { payin_id: string }, orderId: string, base: number, whole: boolean) {
  const event = {
    reversal_id: randomUUID(),
    payin_id: paid.payin_id,
    school_id: SCHOOL_ID,
    kind: whole ? ('void' as const) : ('refund' as const),
    whole,
    amount_centavos: base,
    allocations: [colegiatura(ana.student_id, { order_id: orderId, base_centavos: base })],
    credit_reversed_centavos: 0,
    reason: 'Reembolso solicitado por la familia',
    reversed_at: new Date().toISOString(),
    reversed_by: 'user-OWNER',
  };
  const eventId = await system.publish(payinReversedV1, event);
  // Redelivered, and the same reversal in a new envelope: still one of everything.
  await system.republish(eventId);
  await system.consumed(await system.publish(payinReversedV1, event));
  return event;
}

const rowOf = async (id: string) =>
  (await system.invoicing.db.query.invoices.findFirst({ where: (t, { eq }) => eq(t.id, id) }))!;

describe('a payment of a PPD invoice voided whole', () => {
  test('its CFDI de pago is cancelled once (motive 03); the next payment restates the balance', async () => {
    const { orderId, ppd } = await billedColegiatura(4_850_00);
    const first = await pay(orderId, ppd, 2_000_00);
    const second = await pay(orderId, ppd, 1_000_00);
    const before = system.pac.cancellations.received;
    await reverse(first.paid, orderId, 2_000_00, true);
    await waitFor(async () => (await rowOf(first.complement.id)).status === 'canceled', 30_000);
    expect(system.pac.cancellations.received - before).toBe(1);
    expect(system.pac.state.stamp(first.complement.uuid!)).toMatchObject({
      motivo_cancelacion: '03',
    });
    expect((await rowOf(second.complement.id)).status).toBe('success');

    const third = await pay(orderId, ppd, 500_00);
    await expectSatAccepts(third.complement.stampedXml!);
    // The voided 2,000 is owed again: 4,850 − 1,000 standing; its number follows the 2.
    expect(docto(third.complement.stampedXml!)).toMatchObject({
      NumParcialidad: '3',
      ImpSaldoAnt: '3850.00',
      ImpPagado: '500.00',
      ImpSaldoInsoluto: '3350.00',
    });
    // The PPD invoice is not credited: its balance is owed, not forgiven.
    expect(await system.invoicesOf(first.paid.payin_id)).toHaveLength(1);
  });
});

describe('a payment of a PPD invoice refunded in part', () => {
  test('a substitute CFDI de pago (04) for what was kept, then the old one cancelled (01)', async () => {
    const { orderId, ppd } = await billedColegiatura(4_850_00);
    const { paid, complement } = await pay(orderId, ppd, 3_000_00);
    const reversal = await reverse(paid, orderId, 1_000_00, false);
    const substitute = await waitFor(async () => {
      const row = (await complementsOf(ppd.id)).find((c) => c.replacesInvoiceId === complement.id);
      return row?.status === 'success' ? row : undefined;
    }, 30_000);
    expect(substitute).toMatchObject({ sourceKind: 'reversal', sourceId: reversal.reversal_id });
    const stamped = await expectSatAccepts(substitute.stampedXml!);
    expect(stamped.comprobante.CfdiRelacionados).toEqual([
      { TipoRelacion: '04', UUIDs: [complement.uuid] },
    ]);
    // Same installment and previous balance; it pays only the 2,000 the family kept.
    expect(docto(substitute.stampedXml!)).toEqual({
      IdDocumento: ppd.uuid,
      NumParcialidad: '1',
      ImpSaldoAnt: '4850.00',
      ImpPagado: '2000.00',
      ImpSaldoInsoluto: '2850.00',
    });
    await waitFor(async () => (await rowOf(complement.id)).status === 'canceled', 30_000);
    expect(system.pac.state.stamp(complement.uuid!)).toMatchObject({
      motivo_cancelacion: '01',
      folio_sustitucion: substitute.uuid,
    });
    expect((await complementsOf(ppd.id)).filter((c) => c.sourceKind === 'reversal')).toHaveLength(
      1,
    );
    // The payment's e-mail now carries the restated complement, not the cancelled one.
    const mailbox = `http://127.0.0.1:${smtp.httpPort}/`;
    const sent = await system.call(
      `/api/v1/schools/${SCHOOL_ID}/payins/${paid.payin_id}/send_invoices_to_email/`,
      staffOf(SCHOOL_ID, 'ACCOUNTANT'),
      { method: 'POST' },
    );
    expect(await sent.json()).toEqual({ sent: 1, sent_to: ['tutor1@example.mx'] });
    await waitFor(async () =>
      (await messagesTo(mailbox, 'tutor1@example.mx')).some((m) =>
        m.subject.startsWith(`Tu complemento de pago A-${substitute.folio} `),
      ),
    );

    const next = await pay(orderId, ppd, 500_00);
    expect(docto(next.complement.stampedXml!)).toMatchObject({
      NumParcialidad: '2',
      ImpSaldoAnt: '2850.00',
      ImpSaldoInsoluto: '2350.00',
    });
  });
});

describe('a payment of a PPD invoice refunded in part before its CFDI de pago was sent', () => {
  test('the unsent complement is withdrawn and the kept amount recorded anew, relating to none', async () => {
    const { orderId, ppd } = await billedColegiatura(4_850_00);
    // A complement recorded but not sent yet (its turn far ahead): what SAT never saw.
    const payinId = randomUUID();
    const lines = [colegiatura(ana.student_id, { order_id: orderId, base_centavos: 3_000_00 })].map(
      ({ student_id: _s, ...line }) => line,
    );
    const [unsent] = await system.invoicing.db
      .insert(invoices)
      .values({
        schoolId: SCHOOL_ID,
        document: 'payment',
        relatedInvoiceId: ppd.id,
        part: ppd.part,
        sourceKind: 'payin',
        sourceId: payinId,
        studentId: ana.student_id,
        payerGuardianId: ppd.billingGuardianId,
        billingGuardianId: ppd.billingGuardianId,
        method: 'transfer',
        paidAt: new Date(Date.now() - 60_000),
        lines,
        orderIds: [orderId],
        totalCentavos: 3_000_00,
        installment: 1,
        balanceBeforeCentavos: 4_850_00,
        receptorRfc: ppd.receptorRfc,
        receptorName: ppd.receptorName,
        nextAttemptAt: new Date(Date.now() + 24 * 3600_000),
      })
      .returning();
    await reverse({ payin_id: payinId }, orderId, 1_000_00, false);
    const kept = await waitFor(async () => {
      const row = (await complementsOf(ppd.id)).find((c) => c.replacesInvoiceId === unsent!.id);
      return row?.status === 'success' ? row : undefined;
    }, 30_000);
    expect((await rowOf(unsent!.id)).status).toBe('canceled');
    expect((await rowOf(unsent!.id)).uuid).toBeNull();
    const stamped = await expectSatAccepts(kept.stampedXml!);
    // Nothing at SAT to substitute: no relation, and no cancellation asked.
    expect(stamped.comprobante.CfdiRelacionados).toBeUndefined();
    expect(docto(kept.stampedXml!)).toMatchObject({
      NumParcialidad: '1',
      ImpSaldoAnt: '4850.00',
      ImpPagado: '2000.00',
    });
  });
});

const creditNotesOf = (ppdId: string) =>
  system.invoicing.db.query.invoices.findMany({
    where: (t, { and, eq }) => and(eq(t.relatedInvoiceId, ppdId), eq(t.document, 'credit_note')),
  });

describe('an order billed as PPD and lowered by a scholarship after its first payment', () => {
  test('one credit note (E, 01, forma 17) however often it arrives; the next complement starts net of it', async () => {
    const { orderId, ppd } = await billedColegiatura(4_850_00);
    const first = await pay(orderId, ppd, 2_000_00);
    const adjusted = {
      adjustment_id: randomUUID(),
      order_id: orderId,
      school_id: SCHOOL_ID,
      student_id: ana.student_id,
      concept_id: uuidOf(500),
      concept_type: 'MONTHLY_FEE' as const,
      period: '2026-09',
      kind: 'scholarship' as const,
      previous_total_centavos: 4_850_00,
      new_total_centavos: 3_850_00,
      reason: 'Beca de excelencia',
      adjusted_at: new Date().toISOString(),
      adjusted_by: 'user-OWNER',
    };
    // Redelivered, and the same adjustment in a new envelope: still one credit note.
    const eventId = await system.publish(orderAdjustedV1, adjusted);
    await system.republish(eventId);
    await system.consumed(await system.publish(orderAdjustedV1, adjusted));
    const note = await waitFor(async () => {
      const [row, ...more] = await creditNotesOf(ppd.id);
      return row?.status === 'success' && !more.length ? row : undefined;
    }, 30_000);
    expect(note).toMatchObject({ totalCentavos: 1_000_00, sourceKind: 'adjustment', method: null });
    const stamped = await expectSatAccepts(note.stampedXml!);
    expect(stamped.comprobante).toMatchObject({
      TipoDeComprobante: 'E',
      MetodoPago: 'PUE',
      FormaPago: '17',
      Total: '1000.00',
      CfdiRelacionados: [{ TipoRelacion: '01', UUIDs: [ppd.uuid] }],
    });
    expect(stamped.comprobante.Receptor.Rfc).toBe('COSC8001137NA');

    const last = await pay(orderId, ppd, 1_850_00);
    const doctos = [first, last].map((p) => docto(p.complement.stampedXml!));
    expect(
      doctos.map((d) => [d.NumParcialidad, d.ImpSaldoAnt, d.ImpPagado, d.ImpSaldoInsoluto]),
    ).toEqual([
      ['1', '4850.00', '2000.00', '2850.00'],
      ['2', '1850.00', '1850.00', '0.00'],
    ]);
    // The PPD invoice is settled to the centavo by its complements and its credit note.
    const paid = doctos.reduce((sum, d) => sum + parseCentavos(d.ImpPagado!), 0);
    expect(paid + note.totalCentavos).toBe(ppd.totalCentavos);
    expect(await creditNotesOf(ppd.id)).toHaveLength(1);
  });
});

describe('staff’s credit note on a PPD invoice (Facturas)', () => {
  const accountant = staffOf(SCHOOL_ID, 'ACCOUNTANT');
  const creditNote = (invoiceId: string, who = accountant, body?: unknown, key?: string) =>
    system.call(`/api/v1/dashboard/schools/${SCHOOL_ID}/invoices/${invoiceId}/credit_note/`, who, {
      method: 'POST',
      headers: {
        ...(key ? { 'idempotency-key': key } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  test('only for what is unpaid: E, 01, forma 17, once at a time; the next complement nets it', async () => {
    const { orderId, ppd } = await billedColegiatura(4_850_00);
    const first = await pay(orderId, ppd, 2_000_00);
    expect((await creditNote(ppd.id, staffOf(SCHOOL_ID, 'TREASURER'))).status).toBe(403);
    expect((await creditNote(ppd.id, staffOf(OTHER_SCHOOL_ID, 'ACCOUNTANT'))).status).toBe(404);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => creditNote(ppd.id)));
    // One answers the note; the others find nothing left to credit (a Spanish 409).
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(apiErrorSchema.parse(await refused.json()).error.message).toBe(PPD_SETTLED);
    const [note, ...more] = await creditNotesOf(ppd.id);
    expect(more).toHaveLength(0);
    expect(note).toMatchObject({ totalCentavos: 2_850_00, sourceKind: 'staff', method: null });
    const stampedNote = await waitFor(async () => {
      const [row] = await creditNotesOf(ppd.id);
      return row?.status === 'success' ? row : undefined;
    }, 30_000);
    const stamped = await expectSatAccepts(stampedNote.stampedXml!);
    expect(stamped.comprobante).toMatchObject({
      TipoDeComprobante: 'E',
      MetodoPago: 'PUE',
      FormaPago: '17',
      Total: '2850.00',
      CfdiRelacionados: [{ TipoRelacion: '01', UUIDs: [ppd.uuid] }],
    });
    // Paid 2,000.00 + credited 2,850.00 = the PPD total: nothing is owed, nothing to pay.
    expect(docto(first.complement.stampedXml!).ImpPagado).toBe('2000.00');
    expect(first.complement.totalCentavos + note!.totalCentavos).toBe(ppd.totalCentavos);
  });

  /** What Facturas' list says a credit note may still give back of the invoice (ADR 0073). */
  const listedRoom = async (invoiceId: string) => {
    const res = await system.call(
      `/api/v1/dashboard/schools/${SCHOOL_ID}/invoices/?page_size=200`,
      accountant,
    );
    const rows = pageSchema(invoiceSchema).parse(await res.json()).results;
    return rows.find((r) => r.id === invoiceId)?.creditable_centavos;
  };

  test('for part of what is owed: keyed by the request, not by the amount (ADR 0058)', async () => {
    const { orderId, ppd } = await billedColegiatura(3_000_00);
    expect(await listedRoom(ppd.id)).toBe(3_000_00);
    await pay(orderId, ppd, 1_000_00);
    // The list shows what is left before anyone asks: the total less what was paid.
    expect(await listedRoom(ppd.id)).toBe(2_000_00);
    const over = await creditNote(ppd.id, accountant, { amount_centavos: 2_000_01 }, 'over-0001');
    expect(over.status).toBe(400);
    expect(apiErrorSchema.parse(await over.json()).error).toMatchObject({
      message: overBalance(2_000_00),
      details: [{ path: 'amount_centavos', message: overBalance(2_000_00) }],
    });
    for (const amount_centavos of [0, -500, 10.5, '500'])
      expect((await creditNote(ppd.id, accountant, { amount_centavos }, 'bad-0001')).status).toBe(
        400,
      );
    const keyless = await creditNote(ppd.id, accountant, { amount_centavos: 500_00 });
    expect(keyless.status).toBe(400);
    expect(apiErrorSchema.parse(await keyless.json()).error.message).toBe(KEY_FOR_PART);
    expect(await creditNotesOf(ppd.id)).toHaveLength(0);

    // One request retried five times at once (a double click, a lost answer): one note.
    const part = { amount_centavos: 500_00, reason: 'Descuento por pronto pago' };
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => creditNote(ppd.id, accountant, part, 'first-note-01')),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    const ids = await Promise.all(answers.map(async (a) => invoiceSchema.parse(await a.json()).id));
    expect(new Set(ids).size).toBe(1);
    // The same key for another amount is another request: a 422, nothing recorded.
    const reused = await creditNote(
      ppd.id,
      accountant,
      { amount_centavos: 400_00 },
      'first-note-01',
    );
    expect(reused.status).toBe(422);
    // A second note for the same amount, deliberately (a new key): a second note.
    const second = await creditNote(ppd.id, accountant, part, 'second-note-01');
    expect(second.status).toBe(200);
    expect(invoiceSchema.parse(await second.json()).id).not.toBe(ids[0]);
    const notes = await waitFor(async () => {
      const all = await creditNotesOf(ppd.id);
      return all.length === 2 && all.every((n) => n.status === 'success') ? all : undefined;
    }, 30_000);
    expect(notes.map((n) => [n.totalCentavos, n.creditReason])).toEqual([
      [500_00, 'Descuento por pronto pago'],
      [500_00, 'Descuento por pronto pago'],
    ]);
    expect((await expectSatAccepts(notes[0]!.stampedXml!)).comprobante).toMatchObject({
      TipoDeComprobante: 'E',
      FormaPago: '17',
      Total: '500.00',
      CfdiRelacionados: [{ TipoRelacion: '01', UUIDs: [ppd.uuid] }],
    });
    expect(await listedRoom(ppd.id)).toBe(1_000_00);
    // No amount: the rest of what is owed (paid 1,000.00 + 2 × 500.00 + 1,000.00 = the total).
    const rest = await creditNote(ppd.id);
    expect(rest.status).toBe(200);
    expect(invoiceSchema.parse(await rest.json()).total_centavos).toBe(1_000_00);
    expect((await creditNote(ppd.id, accountant, { amount_centavos: 1 }, 'late-0001')).status).toBe(
      409,
    );
    expect(await listedRoom(ppd.id)).toBe(0);
  });

  test('a PPD invoice paid in full has nothing to credit: a Spanish 409, nothing recorded', async () => {
    const { orderId, ppd } = await billedColegiatura(1_500_00);
    await pay(orderId, ppd, 1_500_00);
    const res = await creditNote(ppd.id);
    expect(res.status).toBe(409);
    expect(apiErrorSchema.parse(await res.json()).error.message).toBe(PPD_SETTLED);
    expect(await creditNotesOf(ppd.id)).toHaveLength(0);
  });
});

describe('one payment of two children’s PPD invoices (same family)', () => {
  const beto = student(2);
  let a: Awaited<ReturnType<typeof billedColegiatura>>;
  let b: Awaited<ReturnType<typeof billedColegiatura>>;
  let paid: ReturnType<typeof payin>;
  let carrier: InvoiceRow;

  beforeAll(async () => {
    await system.publish(studentCreatedV1, beto);
    await waitFor(async () => {
      const { rows } = await system.invoicing.db.$client.query(
        'SELECT count(*)::int AS n FROM student_directory WHERE student_id = $1',
        [beto.student_id],
      );
      return rows[0].n === 1;
    });
    a = await billedColegiatura(4_850_00);
    b = await billedColegiatura(3_000_00, beto);
    await pay(a.orderId, a.ppd, 850_00);
    paid = payin({
      type: 'CASH_IN',
      method: 'transfer',
      paid_at: new Date().toISOString(),
      allocations: [
        colegiatura(ana.student_id, { order_id: a.orderId, base_centavos: 2_000_00 }),
        colegiatura(beto.student_id, { order_id: b.orderId, base_centavos: 1_200_00 }),
      ],
    });
    const eventId = await system.publish(payinSucceededV1, paid);
    // Redelivered, and the same payment in a new envelope.
    await system.republish(eventId);
    await system.consumed(await system.publish(payinSucceededV1, paid));
    carrier = await waitFor(async () => {
      const rows = await system.invoicesOf(paid.payin_id);
      return rows.length === 2 && rows.every((r) => r.status === 'success')
        ? rows.find((r) => r.carriedByInvoiceId === null)
        : undefined;
    }, 30_000);
  });

  test('one CFDI de pago with a DoctoRelacionado each, its own parcialidad; SAT’s files accept it', async () => {
    await expectSatAccepts(carrier.stampedXml!);
    expect(
      doctos(carrier.stampedXml!)
        .map((d) => DOCTO_ATTRIBUTES.map((attr) => d[attr]))
        .sort(),
    ).toEqual(
      [
        [a.ppd.uuid, '2', '4000.00', '2000.00', '2000.00'],
        [b.ppd.uuid, '1', '3000.00', '1200.00', '1800.00'],
      ].sort(),
    );
    expect(/<pago20:Pago [^>]*\bMonto="([^"]*)"/.exec(carrier.stampedXml!)?.[1]).toBe('3200.00');
  });

  test('each PPD invoice has its row, the same CFDI; the PAC stamped it once', async () => {
    const rows = await system.invoicesOf(paid.payin_id);
    expect(rows.map((r) => r.uuid)).toEqual([carrier.uuid, carrier.uuid]);
    expect(new Set(rows.map((r) => r.relatedInvoiceId))).toEqual(new Set([a.ppd.id, b.ppd.id]));
    expect(system.pac.state.stamps().filter((s) => s.uuid === carrier.uuid)).toHaveLength(1);
    // Facturas: one row per PPD invoice, each naming the invoice it pays (not a duplicate).
    const list = pageSchema(invoiceSchema).parse(
      await (
        await system.call(
          `/api/v1/dashboard/schools/${SCHOOL_ID}/invoices/?page_size=200`,
          staffOf(SCHOOL_ID, 'TREASURER'),
        )
      ).json(),
    );
    const shared = list.results.filter((i) => i.uuid === carrier.uuid);
    expect(shared.map((i) => i.related_folio).sort()).toEqual(
      [a.ppd, b.ppd].map((ppd) => `${ppd.series}-${ppd.folio}`).sort(),
    );
    // One CFDI, one e-mail.
    const sent = await system.call(
      `/api/v1/schools/${SCHOOL_ID}/payins/${paid.payin_id}/send_invoices_to_email/`,
      staffOf(SCHOOL_ID, 'ACCOUNTANT'),
      { method: 'POST' },
    );
    expect(await sent.json()).toEqual({ sent: 1, sent_to: ['tutor1@example.mx'] });
    const mail = await waitFor(async () =>
      (await messagesTo(`http://127.0.0.1:${smtp.httpPort}/`, 'tutor1@example.mx')).find((m) =>
        m.subject.startsWith(`Tu complemento de pago A-${carrier.folio} `),
      ),
    );
    expect(mail.text).toContain('por $3,200.00 (paga 2 facturas).');
  });

  test('one child’s payment refunded: the CFDI restated (04) with the other’s document, the old one cancelled once (01)', async () => {
    const before = system.pac.cancellations.received;
    const reversal = {
      reversal_id: randomUUID(),
      payin_id: paid.payin_id,
      school_id: SCHOOL_ID,
      kind: 'refund' as const,
      whole: false,
      amount_centavos: 1_200_00,
      allocations: [colegiatura(beto.student_id, { order_id: b.orderId, base_centavos: 1_200_00 })],
      credit_reversed_centavos: 0,
      reason: 'Baja del alumno',
      reversed_at: new Date().toISOString(),
      reversed_by: 'user-OWNER',
    };
    const eventId = await system.publish(payinReversedV1, reversal);
    await system.republish(eventId);
    await system.consumed(await system.publish(payinReversedV1, reversal));
    // Beto's 1,200 is owed again at once, before SAT cancels the old CFDI: his next payment
    // starts from his whole total.
    const next = await pay(b.orderId, b.ppd, 500_00, 0, beto);
    expect(docto(next.complement.stampedXml!)).toMatchObject({
      NumParcialidad: '1',
      ImpSaldoAnt: '3000.00',
      ImpPagado: '500.00',
    });
    const restated = await waitFor(async () => {
      const rows = await system.invoicesOf(reversal.reversal_id);
      return rows.length === 1 && rows[0]!.status === 'success' ? rows[0] : undefined;
    }, 30_000);
    const stamped = await expectSatAccepts(restated.stampedXml!);
    expect(stamped.comprobante.CfdiRelacionados).toEqual([
      { TipoRelacion: '04', UUIDs: [carrier.uuid] },
    ]);
    expect(doctos(restated.stampedXml!)).toEqual([
      {
        IdDocumento: a.ppd.uuid,
        NumParcialidad: '2',
        ImpSaldoAnt: '4000.00',
        ImpPagado: '2000.00',
        ImpSaldoInsoluto: '2000.00',
      },
    ]);
    await waitFor(async () => {
      const rows = await system.invoicesOf(paid.payin_id);
      return rows.every((r) => r.status === 'canceled');
    }, 30_000);
    expect(system.pac.cancellations.received - before).toBe(1);
    expect(system.pac.state.stamp(carrier.uuid!)).toMatchObject({
      motivo_cancelacion: '01',
      folio_sustitucion: restated.uuid,
    });
  });
});

describe('a payment of a stamped PPD invoice and one not stamped yet (same family)', () => {
  test('the one not stamped keeps a CFDI de pago of its own; each is stamped once', async () => {
    const beto = student(2);
    const a = await billedColegiatura(2_000_00);
    // The PAC is down: Beto's PPD invoice waits unstamped (emisor and receptor not certain).
    await system.pacBehaviour({ fail_next_stamps: 1000 });
    const b = await billOrder(1_000_00, beto);
    await waitFor(async () => {
      const [row] = await system.invoicesOf(b.batchId);
      return row && row.attempts > 0;
    });
    const paid = payin({
      type: 'CASH_IN',
      method: 'transfer',
      paid_at: new Date().toISOString(),
      allocations: [
        colegiatura(ana.student_id, { order_id: a.orderId, base_centavos: 2_000_00 }),
        colegiatura(beto.student_id, { order_id: b.orderId, base_centavos: 1_000_00 }),
      ],
    });
    await system.publish(payinSucceededV1, paid);
    const recorded = await waitFor(async () => {
      const rows = await system.invoicesOf(paid.payin_id);
      return rows.length === 2 ? rows : undefined;
    });
    expect(recorded.map((r) => r.carriedByInvoiceId)).toEqual([null, null]);
    await system.pacBehaviour({ fail_next_stamps: 0 });
    const stamped = await waitFor(async () => {
      const rows = await system.invoicesOf(paid.payin_id);
      return rows.every((r) => r.status === 'success') ? rows : undefined;
    }, 30_000);
    expect(new Set(stamped.map((r) => r.uuid)).size).toBe(2);
    for (const row of stamped) expect(doctos(row.stampedXml!)).toHaveLength(1);
  });
});
