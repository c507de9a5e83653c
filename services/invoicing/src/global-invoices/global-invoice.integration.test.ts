/**
 * The global invoice end to end (ADR 0042), on NATS and the PAC sandbox: a school whose entity
 * invoices público en general monthly holds those payments, a closed month becomes ONE global
 * CFDI however many collectors run at once, SAT's XSD and XSLT accept it and its seal
 * verifies, and a family that asks for its own CFDI first leaves it.
 */
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { guardianUpdatedV1 } from '@cuota/contracts/events/enrolment.guardian.updated.v1';
import { studentCreatedV1 } from '@cuota/contracts/events/enrolment.student.created.v1';
import {
  payinSucceededV1,
  type PayinSucceeded,
} from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { payinReversedV1 } from '@cuota/contracts/events/payments.payin.reversed.v1';
import { GLOBAL_NOT_CANCELLED } from '../cancellations/cancel-invoice';
import { apiErrorSchema } from '@cuota/contracts/common/api-error';
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
  guardianClaims,
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
import { eq, sql } from 'drizzle-orm';
import { invoices } from '../schema';
import { lockInvoice } from '../invoices/invoice-repository';
import { lockOrderInvoices, lockPayinInvoices } from '../credit-notes/credit-note-repository';
import {
  heldOfGuardian,
  openGlobalInvoice,
  refreshOrDrop,
  releaseHeld,
} from './global-invoice-repository';

jest.setTimeout(120_000);

let system: InvoicingTestSystem;
let sat: SatWorkspace;
const accountant = staffOf(SCHOOL_ID, 'ACCOUNTANT');
const payments: Record<'family5' | 'family6' | 'asking' | 'named' | 'refunded' | 'shrunk', string> =
  {
    refunded: '',
    shrunk: '',
    family5: '',
    family6: '',
    asking: '',
    named: '',
  };

const rowOf = async (id: string) =>
  (await system.invoicing.db.query.invoices.findFirst({ where: (t, { eq }) => eq(t.id, id) }))!;
const globals = () =>
  system.invoicing.db.query.invoices.findMany({ where: (t, { eq }) => eq(t.document, 'global') });
const stamped = (id: string) =>
  waitFor(async () => {
    const row = await rowOf(id);
    return row.status === 'success' ? row : undefined;
  }, 30_000);
const generate = (payinId: string, who: IdentityClaims = accountant) =>
  system.call('/backoffice/invoicing/generate/', who, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ school_id: SCHOOL_ID, payin_id: payinId }),
  });
const collector = () =>
  new GlobalInvoiceCollector(system.invoicing.db, createLogger('test', 'silent'), 60_000);

const paidEvents = new Map<string, PayinSucceeded>();

/** A payment of student `n` (billed to guardian `n`) made last month. */
async function pay(n: number, centavos: number): Promise<InvoiceRow> {
  const paid = payin({
    guardian_id: uuidOf(n),
    paid_at: LAST_MONTH.toISOString(),
    allocations: [colegiatura(student(n).student_id, { base_centavos: centavos })],
  });
  await system.publish(payinSucceededV1, paid);
  paidEvents.set(paid.payin_id, paid);
  return waitFor(async () => {
    const [row] = await system.invoicesOf(paid.payin_id);
    return row && (row.globalState === 'held' || row.status !== 'pending') ? row : undefined;
  }, 20_000);
}

beforeAll(async () => {
  [system, sat] = await Promise.all([
    startInvoicingTestSystem(),
    satWorkspace('invoicing-global-'),
  ]);
  await saveSchoolFiscalEntity(system, SCHOOL_ID, 'payment', 'monthly');
  await system.registerTaxpayer('COSC8001137NA', 'CARLOS ORTEGA SALAZAR', '06600', ['605']);
  await system.registerTaxpayer('MOPL850101AB9', 'LUCIA MORALES PEREZ', '03100', ['605']);
  await system.publish(guardianCreatedV1, guardian(1));
  for (const n of [5, 6, 7, 8, 9])
    await system.publish(guardianCreatedV1, guardian(n, NO_FISCAL_DATA));
  for (const n of [1, 5, 6, 7, 8, 9])
    await system.publish(studentCreatedV1, student(n, { billing_guardian_id: uuidOf(n) }));
  payments.named = (await pay(1, 4_850_00)).id;
  payments.family5 = (await pay(5, 3_000_00)).id;
  payments.family6 = (await pay(6, 2_500_00)).id;
  payments.asking = (await pay(7, 1_000_00)).id;
  payments.refunded = (await pay(8, 900_00)).id;
  payments.shrunk = (await pay(9, 2_000_00)).id;
});

afterAll(async () => {
  await system?.stop();
  await sat?.remove();
});

test('a named family is stamped on its own; público en general waits for the global', async () => {
  expect(await stamped(payments.named)).toMatchObject({ receptorRfc: 'COSC8001137NA' });
  for (const id of [payments.family5, payments.family6, payments.asking])
    expect(await rowOf(id)).toMatchObject({
      status: 'pending',
      globalState: 'held',
      receptorRfc: 'XAXX010101000',
      stampedXml: null,
    });
  expect(system.pac.state.stamps()).toHaveLength(1);
});

test('who may ask for a held payment’s own CFDI: another school’s staff, a treasurer', async () => {
  const payinId = (await rowOf(payments.asking)).sourceId;
  expect((await generate(payinId, staffOf(OTHER_SCHOOL_ID, 'ACCOUNTANT'))).status).toBe(404);
  expect((await generate(payinId, staffOf(SCHOOL_ID, 'TREASURER'))).status).toBe(403);
  const refused = await generate(payinId);
  expect(refused.status).toBe(409);
  expect(apiErrorSchema.parse(await refused.json()).error.message).toBe(
    'La familia aún no tiene datos fiscales válidos para facturar a su nombre: No hay RFC registrado.',
  );
  expect((await rowOf(payments.asking)).globalState).toBe('held');
});

test('a family that gives its data within the month gets its own CFDI, out of the global', async () => {
  await system.publish(
    guardianUpdatedV1,
    guardian(7, {
      billing_name: 'LUCIA MORALES PEREZ',
      tax_id: 'MOPL850101AB9',
      tax_regime: '605',
      tax_zip_code: '03100',
    }),
  );
  await waitFor(async () => {
    const { rows } = await system.invoicing.db.$client.query(
      'SELECT tax_id FROM fiscal_guardians WHERE guardian_id = $1',
      [uuidOf(7)],
    );
    return rows[0]?.tax_id === 'MOPL850101AB9';
  });
  // Nobody has to ask again: the data itself releases the held payment.
  expect(await stamped(payments.asking)).toMatchObject({
    receptorRfc: 'MOPL850101AB9',
    globalState: 'released',
  });
});

test('a payment refunded whole while held is withdrawn and never reaches the global', async () => {
  const held = await rowOf(payments.refunded);
  const paid = paidEvents.get(held.sourceId)!;
  await system.publish(payinReversedV1, refundOf(paid));
  await waitFor(async () => (await rowOf(payments.refunded)).status === 'canceled', 20_000);
});

test('a payment refunded in part while held keeps the rest for the global, once', async () => {
  const held = await rowOf(payments.shrunk);
  const paid = paidEvents.get(held.sourceId)!;
  const refund = refundOf(paid, [{ ...paid.allocations[0]!, base_centavos: 500_00 }]);
  // Delivered twice (two envelopes): the payment shrinks once.
  await system.consumed(
    await system.publish(payinReversedV1, refund),
    await system.publish(payinReversedV1, refund),
  );
  const shrunk = await rowOf(payments.shrunk);
  expect(shrunk).toMatchObject({
    status: 'pending',
    globalState: 'held',
    totalCentavos: 1_500_00,
    reducedByReversals: [refund.reversal_id],
  });
  expect(shrunk.lines.map((l) => l.base_centavos)).toEqual([1_500_00]);
  // No CFDI carries it yet: nothing to credit.
  const notes = await system.invoicing.db.query.invoices.findMany({
    where: (t, { eq }) => eq(t.document, 'credit_note'),
  });
  expect(notes).toHaveLength(0);
});

test('the closed month becomes one global CFDI, once, under concurrent collectors', async () => {
  // The PAC fails the first attempt: the worker retries it like any invoice.
  await system.pacBehaviour({ fail_next_stamps: 1 });
  // Counted by their InformacionGlobal: family CFDIs of earlier tests may still be stamping.
  const globalStamps = () =>
    system.pac.state.stamps().filter((s) => s.xml.includes('InformacionGlobal')).length;
  const before = globalStamps();
  const runs = await Promise.all([
    collector().collect(),
    collector().collect(),
    collector().collect(),
  ]);
  // The service's own collector may have taken them first: never more than the three.
  expect(runs.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(3);
  const [global, ...others] = await globals();
  expect(others).toHaveLength(0);
  const done = await stamped(global!.id);
  expect(await collector().collect()).toBe(0);
  expect(globalStamps()).toBe(before + 1);
  expect(done).toMatchObject({ totalCentavos: 7_000_00, receptorRfc: 'XAXX010101000' });
  for (const id of [payments.family5, payments.family6, payments.shrunk])
    expect(await rowOf(id)).toMatchObject({ globalInvoiceId: global!.id, status: 'pending' });

  const cfdi = parseStampedCfdi(done.stampedXml!);
  const { validates, satCadena, seal } = await sat.verdict(done.stampedXml!, cfdi.comprobante);
  expect({ validates, seal, cadena: cadenaOriginal(cfdi.comprobante) === satCadena }).toEqual({
    validates: true,
    seal: 'Verified OK',
    cadena: true,
  });
  const month = String(LAST_MONTH.getUTCMonth() + 1).padStart(2, '0');
  expect(cfdi.comprobante.InformacionGlobal).toEqual({
    Periodicidad: '04',
    Meses: month,
    Año: String(LAST_MONTH.getUTCFullYear()),
  });
  const ids = cfdi.comprobante.Conceptos.map((c) => c.NoIdentificacion).sort();
  const members = await Promise.all(
    [payments.family5, payments.family6, payments.shrunk].map(rowOf),
  );
  expect(ids).toEqual(members.map((m) => m.sourceId).sort());
  // The ledger agrees: the members' totals, the global's, and the CFDI's (the refunded part out).
  expect(members.reduce((s, m) => s + m.totalCentavos, 0)).toBe(done.totalCentavos);
  expect(cfdi.comprobante.Total).toBe('7000.00');
  // A collector that read them as held before this one collected them releases none of them
  // now that their global is sealed: no payment is stamped twice.
  await system.invoicing.db.transaction((tx) =>
    releaseHeld(
      tx,
      members.map((m) => m.id),
    ),
  );
  for (const member of members)
    expect(await rowOf(member.id)).toMatchObject({ globalState: 'held', status: 'pending' });
  const shrunkPayin = members[2]!.sourceId;
  expect(
    cfdi.comprobante.Conceptos.filter((c) => c.NoIdentificacion === shrunkPayin).map(
      (c) => c.Importe,
    ),
  ).toEqual(['1500.00']);
});

test('staff download its PDF and XML; no family can, not even one of its payments', async () => {
  const [global] = await globals();
  const pdf = await system.call(`/api/v1/invoices/${global!.id}/pdf/`, accountant);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toContain('application/pdf');
  expect((await system.call(`/api/v1/invoices/${global!.id}/xml/`, accountant)).status).toBe(200);
  for (const n of [5, 6])
    expect(
      (await system.call(`/api/v1/invoices/${global!.id}/xml/`, guardianClaims(n))).status,
    ).toBe(404);
  const elsewhere = staffOf(OTHER_SCHOOL_ID, 'ACCOUNTANT');
  expect((await system.call(`/api/v1/invoices/${global!.id}/xml/`, elsewhere)).status).toBe(404);
});

test('a global invoice is not cancelled alone: its payments would have no CFDI', async () => {
  const [global] = await globals();
  const res = await system.call('/backoffice/invoicing/cancel/', accountant, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      school_id: SCHOOL_ID,
      invoice_id: global!.id,
      action: 'cancel',
      motive: '02',
    }),
  });
  expect(res.status).toBe(409);
  expect(apiErrorSchema.parse(await res.json()).error.message).toBe(GLOBAL_NOT_CANCELLED);
  expect((await rowOf(global!.id)).status).toBe('success');
});

test('a refund and a motive-04 request lock a stamped global in one order: 20 races, no deadlock', async () => {
  const [global] = await globals();
  const payment = await rowOf(payments.family5);
  const { db } = system.invoicing;
  // The refund path's locks (its payin's invoices, then the global) against motive 04's
  // (the global, then the payment), each holding its first lock while the other starts.
  const refundLocks = () =>
    db.transaction(async (tx) => {
      await lockPayinInvoices(tx, payment.sourceId);
      await tx.execute(sql`SELECT pg_sleep(0.02)`);
      await lockInvoice(tx, global!.id);
    });
  const motive04Locks = () =>
    db.transaction(async (tx) => {
      await lockInvoice(tx, global!.id);
      await tx.execute(sql`SELECT pg_sleep(0.02)`);
      await lockInvoice(tx, payment.id);
    });
  for (let round = 0; round < 20; round++) {
    const outcomes = await Promise.allSettled([refundLocks(), motive04Locks()]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
  }
});

test('an order lowered while its payment is held: the adjustment locks in the one order', async () => {
  const { db } = system.invoicing;
  await system.publish(guardianCreatedV1, guardian(10, NO_FISCAL_DATA));
  await system.publish(studentCreatedV1, student(10, { billing_guardian_id: uuidOf(10) }));
  await waitFor(async () => {
    const { rows } = await db.$client.query(
      'SELECT (SELECT count(*) FROM student_directory WHERE student_id = $1)::int AS s',
      [student(10).student_id],
    );
    return rows[0].s === 1;
  });
  // Paid late this month: a colegiatura and its late fee, two held payments of one order.
  const order = colegiatura(student(10).student_id, { late_fee_centavos: 242_50 });
  const paid = payin({ guardian_id: uuidOf(10), allocations: [order] });
  await system.publish(payinSucceededV1, paid);
  const [first, second] = await waitFor(async () => {
    const rows = await system.invoicesOf(paid.payin_id);
    return rows.length === 2 && rows.every((r) => r.globalState === 'held') ? rows : undefined;
  }, 20_000);
  const [low] = [first!.id, second!.id].sort();
  // The three paths' own locks: billing's adjustment of the order, the payin's refund, the
  // family's fiscal data arriving.
  const adjustment = () =>
    db.transaction((tx) => lockOrderInvoices(tx, order.student_id, order.order_id));
  const refund = () => db.transaction((tx) => lockPayinInvoices(tx, paid.payin_id));
  const fiscalData = () => db.transaction((tx) => heldOfGuardian(tx, uuidOf(10)));
  const waiting = async () => {
    const { rows } = await db.$client.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    return rows[0].n as number;
  };
  for (let round = 0; round < 20; round++) {
    // A fourth transaction holds the lowest payment while the refund queues for it first and
    // the others after: when it lets go, each path finds the others where its order expects.
    let release = () => {};
    let held = () => {};
    const holding = new Promise<void>((resolve) => (held = resolve));
    const blocker = db.transaction(async (tx) => {
      await lockInvoice(tx, low!);
      held();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await holding;
    const paths: Promise<unknown>[] = [refund()];
    await waitFor(async () => (await waiting()) === 1);
    paths.push(adjustment());
    await waitFor(async () => (await waiting()) === 2);
    paths.push(fiscalData());
    await waitFor(async () => (await waiting()) === 3);
    release();
    const outcomes = await Promise.allSettled([blocker, ...paths]);
    // PostgreSQL's own word when it cancels one («deadlock detected»), not the query's text.
    const failures = outcomes.flatMap((o) =>
      o.status === 'rejected' ? [String((o.reason as Error).cause ?? o.reason)] : [],
    );
    expect({ round, failures }).toEqual({ round, failures: [] });
  }
  // The rules still read the order's invoices newest first, whatever the lock order.
  const { rows } = await db.transaction((tx) =>
    lockOrderInvoices(tx, order.student_id, order.order_id),
  );
  const newestFirst = [...rows].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id),
  );
  expect(rows.map((r) => r.id)).toEqual(newestFirst.map((r) => r.id));
});

test('a global left without payments goes, and no withdrawn payment points at it', async () => {
  const { db } = system.invoicing;
  const withdrawn = await rowOf(payments.refunded);
  expect(withdrawn).toMatchObject({ status: 'canceled', globalInvoiceId: null });
  // A re-issue (or global) not sealed yet whose only member was just withdrawn.
  const dropped = await db.transaction(async (tx) => {
    const global = await openGlobalInvoice(tx, {
      schoolId: SCHOOL_ID,
      entityId: withdrawn.fiscalEntityId!,
      key: 'test:only-withdrawn',
      paidAt: withdrawn.paidAt,
    });
    await tx
      .update(invoices)
      .set({ globalInvoiceId: global.id })
      .where(eq(invoices.id, withdrawn.id));
    await refreshOrDrop(tx, global.id);
    return global.id;
  });
  expect(
    await db.query.invoices.findFirst({ where: (t, { eq }) => eq(t.id, dropped) }),
  ).toBeUndefined();
  expect(await rowOf(payments.refunded)).toMatchObject({
    status: 'canceled',
    globalInvoiceId: null,
  });
});

test('a payment refunded after its global was stamped: one credit note on the global', async () => {
  const [global] = await globals();
  const held = await rowOf(payments.family6);
  const paid = paidEvents.get(held.sourceId)!;
  const reversal = refundOf(paid);
  // Delivered twice (two envelopes): still one credit note.
  await system.publish(payinReversedV1, reversal);
  await system.publish(payinReversedV1, reversal);
  const note = await waitFor(async () => {
    const notes = await system.invoicing.db.query.invoices.findMany({
      where: (t, { and, eq }) =>
        and(eq(t.document, 'credit_note'), eq(t.relatedInvoiceId, global!.id)),
    });
    return notes.length === 1 && notes[0]!.status === 'success' ? notes[0] : undefined;
  }, 30_000);
  expect(note).toMatchObject({ totalCentavos: 2_500_00, studentId: student(6).student_id });
  const cfdi = parseStampedCfdi(note.stampedXml!);
  const { validates, satCadena, seal } = await sat.verdict(note.stampedXml!, cfdi.comprobante);
  expect({ validates, seal, cadena: cadenaOriginal(cfdi.comprobante) === satCadena }).toEqual({
    validates: true,
    seal: 'Verified OK',
    cadena: true,
  });
  expect(cfdi.comprobante).toMatchObject({
    TipoDeComprobante: 'E',
    Total: '2500.00',
    CfdiRelacionados: [{ TipoRelacion: '01', UUIDs: [global!.uuid] }],
  });
  expect(cfdi.comprobante.Receptor.Rfc).toBe('XAXX010101000');
  // The global stands for its other payment; the refunded one is no longer its member.
  expect(await rowOf(global!.id)).toMatchObject({ status: 'success' });
  expect(await rowOf(payments.family6)).toMatchObject({ status: 'canceled' });
  // The note is the school's público-en-general document: not under the family's order.
  const urls = await system.call(
    `/api/v1/students/${student(6).student_id}/orders/${paid.allocations[0]!.order_id}/invoice_urls/`,
    guardianClaims(6),
  );
  expect(urls.status).toBe(200);
  const { invoices: listed } = (await urls.json()) as { invoices: { document: string }[] };
  expect(listed.map((i) => i.document)).toEqual(['invoice']);
});

test('a payment of a month already globally invoiced is stamped on its own', async () => {
  const late = await pay(6, 700_00);
  expect(late.globalState).toBe('held');
  expect(await collector().collect()).toBe(0);
  expect(await stamped(late.id)).toMatchObject({
    globalState: 'released',
    receptorRfc: 'XAXX010101000',
  });
  expect(await globals()).toHaveLength(1);
});
