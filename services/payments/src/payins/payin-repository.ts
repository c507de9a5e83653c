import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  count,
  eq,
  exists,
  getTableColumns,
  gte,
  lt,
  or,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { payinFailedV1 } from '@cuota/contracts/events/payments.payin.failed.v1';
import { payinInitiatedV1 } from '@cuota/contracts/events/payments.payin.initiated.v1';
import { payinSucceededV1 } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { payinReferenceIssuedV1 } from '@cuota/contracts/events/payments.payin.reference_issued.v1';
import type { PayinType, PaymentMethod, RequestStatus } from '@cuota/contracts/payments/payins';
import type { StoreSale } from '@cuota/contracts/payments/store-checkout';
import {
  enqueueEvent,
  eventsRecorded,
  outboxInsertPrepared,
  outboxInsertPreparedEach,
  outboxValues,
  outboxValuesEach,
  pendingEvents,
  type RequestEvent,
} from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { coalesced } from '@cuota/service-runtime/db/coalesced';
import { preparedPerDatabase } from '@cuota/service-runtime/db/prepared';
import { claimed, KeyTaken } from '@cuota/service-runtime/idempotency/key-on-row';
import { currentRequestId } from '@cuota/service-runtime/request-context';
import {
  allocations,
  payinItems,
  payins,
  receiptCounters,
  storeCheckouts,
  type GatewayEnvironment,
} from '../schema';
import type { OrderAllocation } from '../allocation/allocation-rules';
import { insertFromRecords, jsonRecords } from '../json-records-sql';
import {
  allocationRecordsOf,
  allocationsCountSql,
  allocationsInsertPrepared,
  appliedSql,
  rowToAllocation,
  toAllocation,
  watermarkSql,
} from '../allocation/allocation-repository';
import { riskLevelSql } from '../risk/credit-profile-repository';
import { currentMerchantSql } from '../gateway/gateway-credentials-repository';

/**
 * The only code that reads or writes `payins`, `payin_items` and `receipt_counters`. Every
 * change of a payin's status enqueues its event in the caller's transaction.
 */
export type PayinRow = typeof payins.$inferSelect;
export type PayinItemRow = typeof payinItems.$inferSelect;

export const UNKNOWN_PAYIN = 'No encontramos este cobro.';

const p = sql.placeholder;

export interface NewCardPayin {
  schoolId: string;
  amountCentavos: number;
  /** The payer; a subscription's charge: its student's billing guardian, if any. */
  guardianId: string | null;
  studentIds: string[];
  idempotencyKey: string;
  requestHash: string;
  gatewayEnvironment: GatewayEnvironment;
  publicMerchantId: string;
  quotedAfterSeq: number;
}

export type NewPayinItem = Omit<PayinItemRow, 'payinId'>;

/**
 * Inserts a pending card payin under its idempotency key with the items billing quoted and
 * enqueues payments.payin.initiated; KeyTaken when another request holds the key (ADR 0019,
 * the key on the row).
 */
export function insertCardPayin(
  tx: Executor,
  payin: NewCardPayin,
  items: NewPayinItem[],
): Promise<PayinRow> {
  return insertGatewayPayin(tx, { ...payin, type: 'CARD', method: 'credit_card' }, items);
}

/** The payin types money arrives as through the gateway: card, SPEI and cash (ADR 0089). */
export const GATEWAY_PAYIN_TYPES: readonly PayinType[] = ['CARD', 'TRANSFER_IN', 'CASH_IN'];

export type NewGatewayPayin = NewCardPayin & {
  type: PayinType;
  method: Extract<PaymentMethod, 'credit_card' | 'transfer' | 'cash'>;
};

/**
 * A pending payin the gateway will settle (a card charge, a SPEI reference or a cash voucher)
 * with its items, and payments.payin.initiated; KeyTaken when another request holds the key.
 */
export async function insertGatewayPayin(
  tx: Executor,
  payin: NewGatewayPayin,
  items: NewPayinItem[],
): Promise<PayinRow> {
  return claimed(await gatewayPayinInserted(tx, payin, items, null));
}

/**
 * `insertCardPayin` for amounts priced on allocations read before the quote (a checkout's
 * opening read, issue 18): inserted only while the items' orders still have the `counted`
 * allocations, else null (price it again); KeyTaken when another request holds the key.
 */
export async function insertCardPayinPricedOn(
  tx: Executor,
  payin: NewCardPayin,
  items: NewPayinItem[],
  counted: number,
): Promise<PayinRow | null> {
  const card = { ...payin, type: 'CARD', method: 'credit_card' } as const;
  const row = await gatewayPayinInserted(tx, card, items, counted);
  if (row) return row;
  if (await payinByKey(tx, payin.schoolId, payin.idempotencyKey)) throw new KeyTaken();
  return null;
}

function gatewayPayinInserted(
  tx: Executor,
  payin: NewGatewayPayin,
  items: NewPayinItem[],
  allocationsCounted: number | null,
): Promise<PayinRow | undefined> {
  const id = randomUUID();
  const orderIds = items.map((i) => i.orderId);
  const [event] = pendingEvents(payinInitiatedV1, [
    { payin_id: id, school_id: payin.schoolId, order_ids: orderIds },
  ]);
  return gatewayPayinInserts(tx)({
    payin: { ...payin, id, status: 'pending' },
    items: items.map((item) => ({ ...item, payinId: id })),
    guard: { id, counted: allocationsCounted, order_ids: orderIds },
    initiated: { event: event!, requestId: currentRequestId() ?? null },
  });
}

interface GatewayPayinInsert {
  payin: NewGatewayPayin & { id: string; status: 'pending' };
  items: PayinItemRow[];
  /** Inserted only while `order_ids` have `counted` allocations (null: whatever they have). */
  guard: { id: string; counted: number | null; order_ids: string[] };
  initiated: RequestEvent;
}

/**
 * Concurrent checkouts' payins go together as one statement (`coalesced`: a statement per
 * checkout was a socket write and a pool turn each in issue 18's burst); each caller gets its
 * row, or undefined when its key was taken or its orders' allocations changed.
 */
const gatewayPayinInserts = preparedPerDatabase((tx: Executor) =>
  coalesced(async (asked: GatewayPayinInsert[]) => {
    const rows = await gatewayPayinInsert(tx).execute({
      payins: jsonRecords(
        payins,
        asked.map((a) => a.payin),
      ),
      items: jsonRecords(
        payinItems,
        asked.flatMap((a) => a.items),
      ),
      guards: JSON.stringify(asked.map((a) => a.guard)),
      ...outboxValuesEach(asked.map((a) => a.initiated)),
    });
    if (rows.length > 0) await eventsRecorded(tx);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return asked.map((a) => byId.get(a.payin.id));
  }),
);

/** The columns a gateway payin is inserted with (the others keep their defaults). */
const gatewayPayinColumns = (
  [
    'id',
    'schoolId',
    'type',
    'method',
    'status',
    'amountCentavos',
    'guardianId',
    'studentIds',
    'idempotencyKey',
    'requestHash',
    'gatewayEnvironment',
    'publicMerchantId',
    'quotedAfterSeq',
  ] satisfies (keyof NewGatewayPayin | 'id' | 'status')[]
).map((key) => payins[key]);

/**
 * One statement (issue 18's burst: a checkout's transaction was BEGIN, three INSERTs and
 * COMMIT) for any number of payins: each under its key — when its guard counts allocations,
 * only while its orders still have that many — then the items and the event of those
 * inserted. Built once per database (building it was CPU on every checkout).
 */
const gatewayPayinInsert = preparedPerDatabase((tx: Executor) => {
  const guards = tx.$with('guards', {}).as(
    sql`SELECT * FROM jsonb_to_recordset(${p('guards')}::jsonb)
      AS guard(id uuid, counted bigint, order_ids text[])`,
  );
  const changed = sql`EXISTS (SELECT 1 FROM ${guards} WHERE guards.id = record.id
    AND guards.counted <> ${allocationsCountSql(sql`guards.order_ids`)})`;
  const inserted = tx.$with('inserted', getTableColumns(payins)).as(
    sql`${insertFromRecords(payins, gatewayPayinColumns, p('payins'), sql`NOT ${changed}`)}
      ON CONFLICT (${sql.identifier(payins.schoolId.name)}, ${sql.identifier(payins.idempotencyKey.name)})
      DO NOTHING RETURNING *`,
  );
  const itemsOf = tx.$with('items_of', {}).as(
    sql`INSERT INTO ${payinItems}
        SELECT * FROM jsonb_populate_recordset(NULL::${payinItems}, ${p('items')}::jsonb) AS item
         WHERE item.payin_id IN (SELECT id FROM ${inserted})`,
  );
  const event = tx
    .$with('initiated', {})
    .as(
      outboxInsertPreparedEach(
        (e) => sql`(${e}->'data'->>'payin_id')::uuid IN (SELECT id FROM ${inserted})`,
      ),
    );
  return tx
    .with(guards, inserted, itemsOf, event)
    .select()
    .from(inserted)
    .prepare('payments_gateway_payins_insert');
});

/**
 * A family's SPEI or cash payin still awaiting money for exactly these orders (ADR 0099): its
 * reference not lapsed, or not yet given (its answer lost). Read under `lockFamilyReferences`,
 * so two requests for the same orders cannot both miss it.
 */
export async function openReferencePayin(
  tx: Executor,
  q: { schoolId: string; guardianId: string; type: PayinType; orderIds: string[] },
): Promise<PayinRow | null> {
  const orders = [...new Set(q.orderIds)].sort();
  const [row] = await tx
    .select()
    .from(payins)
    .where(
      and(
        eq(payins.schoolId, q.schoolId),
        eq(payins.guardianId, q.guardianId),
        eq(payins.type, q.type),
        eq(payins.status, 'pending'),
        sql`(${payins.referenceExpiresAt} IS NULL OR ${payins.referenceExpiresAt} > now())`,
        sql`(SELECT string_agg(i.order_id, ' ' ORDER BY i.order_id COLLATE "C") FROM payin_items i
              WHERE i.payin_id = ${payins.id}) = ${orders.join(' ')}`,
      ),
    )
    .orderBy(asc(payins.createdAt))
    .limit(1);
  return row ?? null;
}

/** Serialises a family's SPEI and cash reference requests in one school (the caller's tx). */
export async function lockFamilyReferences(tx: Executor, schoolId: string, guardianId: string) {
  const key = `payin-references:${schoolId}:${guardianId}`;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * The SPEI reference or cash voucher the gateway opened for a pending payin (ADR 0089), kept
 * once: a concurrent retry's second reference does not replace the first. The row as it is.
 */
export async function setPayinReference(
  tx: Executor,
  payinId: string,
  ref: { ticketNumber: string; reference: string; clabe: string | null; expiresAt: Date },
): Promise<PayinRow> {
  const [row] = await tx
    .update(payins)
    .set({
      ticketNumber: ref.ticketNumber,
      paymentReference: ref.reference,
      clabe: ref.clabe,
      referenceExpiresAt: ref.expiresAt,
    })
    .where(and(eq(payins.id, payinId), sql`${payins.paymentReference} IS NULL`))
    .returning();
  if (!row) return (await payinById(tx, payinId))!;
  // The family hears of it from notifications (ADR 0103): once, with the reference kept.
  await enqueueEvent(tx, payinReferenceIssuedV1, {
    payin_id: row.id,
    school_id: row.schoolId,
    guardian_id: row.guardianId,
    method: row.type === 'TRANSFER_IN' ? 'transfer' : 'cash',
    amount_centavos: row.amountCentavos,
    reference: ref.reference,
    clabe: ref.clabe,
    expires_at: ref.expiresAt.toISOString(),
  });
  return row;
}

export interface NewDeskPayin {
  schoolId: string;
  type: Extract<PayinType, 'CASH_IN' | 'TRANSFER_IN'>;
  method: Extract<PaymentMethod, 'cash' | 'transfer'>;
  amountCentavos: number;
  guardianId: string | null;
  studentIds: string[];
  idempotencyKey: string;
  requestHash: string;
  receiptNumber: string;
  recordedBy: string;
  recordedByName: string | null;
  note: string | null;
  paidAt: Date;
}

/** Inserts money received at the desk (already paid); KeyTaken when the key is held. */
export async function insertDeskPayin(tx: Executor, payin: NewDeskPayin): Promise<PayinRow> {
  const [row] = await tx
    .insert(payins)
    .values({ ...payin, status: 'pending' })
    .onConflictDoNothing({ target: [payins.schoolId, payins.idempotencyKey] })
    .returning();
  return claimed(row);
}

/** What a card checkout's opening read is asked. */
export interface CheckoutAsked {
  schoolId: string;
  idempotencyKey: string;
  guardianId: string;
  orderIds: string[];
}

/**
 * A card checkout's opening read (issue 18, instead of four statements): the payin the
 * Idempotency-Key holds, if any (its id and request hash), the family's risk level, the allocation watermark, the
 * orders' allocations and the school's current merchant. Concurrent checkouts' reads go
 * together as one statement (`coalesced`: a statement per checkout was a socket write and a
 * pool turn each in the 500-checkout burst); each read is still taken after its request
 * arrived, so it is no staler than its own statement would have been.
 */
export function checkoutOpeningRead(db: Executor, asked: CheckoutAsked) {
  return checkoutOpenings(db)(asked);
}

export type CheckoutOpening = Awaited<ReturnType<typeof checkoutOpeningRead>>;

const checkoutOpenings = preparedPerDatabase((db: Executor) =>
  coalesced(async (asked: CheckoutAsked[]) => {
    const rows = await checkoutOpening(db).execute({
      asked: JSON.stringify(
        asked.map((a, n) => ({
          n,
          school_id: a.schoolId,
          idempotency_key: a.idempotencyKey,
          guardian_id: a.guardianId,
          order_ids: a.orderIds,
        })),
      ),
    });
    const byAsked = new Map(rows.map(({ n, ...opening }) => [n, opening]));
    return asked.map((_, n) => byAsked.get(n)!);
  }),
);

/** Built and named once per database: building it was CPU on every checkout of the burst. */
const checkoutOpening = preparedPerDatabase((db: Executor) => {
  const asked = (column: string) => sql.raw(`asked.${column}`);
  return db
    .select({
      n: sql<number>`${asked('n')}`,
      // What the key's check reads of its payin (its id and request's hash), not the row.
      payin: { id: payins.id, requestHash: payins.requestHash },
      riskLevel: riskLevelSql(db, asked('school_id'), asked('guardian_id')),
      watermark: watermarkSql(),
      applied: appliedSql(asked('order_ids')),
      merchant: currentMerchantSql(db, asked('school_id')),
    })
    .from(
      sql`jsonb_to_recordset(${p('asked')}::jsonb)
        AS asked(n int, school_id text, idempotency_key text, guardian_id text, order_ids text[])`,
    )
    .leftJoin(
      payins,
      and(
        eq(payins.schoolId, asked('school_id')),
        eq(payins.idempotencyKey, asked('idempotency_key')),
      ),
    )
    .prepare('payments_checkout_openings');
});

export async function payinByKey(
  db: Executor,
  schoolId: string,
  idempotencyKey: string,
): Promise<PayinRow | null> {
  const [row] = await db
    .select()
    .from(payins)
    .where(and(eq(payins.schoolId, schoolId), eq(payins.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

/** A payin by id; `lock` holds it (FOR UPDATE) so one settlement runs at a time. */
export async function payinById(
  db: Executor,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<PayinRow | null> {
  const query = db.select().from(payins).where(eq(payins.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A payin held FOR UPDATE with its items and whether it pays a store's order. */
export interface LockedPayin {
  payin: PayinRow;
  items: PayinItemRow[];
  forStore: boolean;
}

/**
 * The payin held FOR UPDATE with its items (as itemsOfPayin orders them) and whether it pays
 * a store's order, in one statement: what settling or failing a card payin reads first (issue
 * 18's burst: three statements were).
 */
export async function lockPayinWithItems(db: Executor, id: string): Promise<LockedPayin | null> {
  return (await lockPayinsWithItems(db, [id])).get(id) ?? null;
}

/** `lockPayinWithItems` for many payins in one statement (a batch of notices), by id. */
export async function lockPayinsWithItems(
  db: Executor,
  ids: string[],
): Promise<Map<string, LockedPayin>> {
  const rows = await lockedWithItems(db).execute({ ids });
  return new Map(rows.map((r) => [r.payin.id, r]));
}

/** Locked in id order, so two settlers that share payins take them in the same order. */
const lockedWithItems = preparedPerDatabase((db: Executor) => {
  const i = payinItems;
  return db
    .select({
      payin: payins,
      forStore: sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(storeCheckouts)
          .where(eq(storeCheckouts.payinId, payins.id)),
      )}`,
      items: sql<PayinItemRow[]>`coalesce((
        SELECT json_agg(json_build_object(
                 'payinId', ${i.payinId}, 'orderId', ${i.orderId}, 'studentId', ${i.studentId},
                 'conceptId', ${i.conceptId}, 'conceptName', ${i.conceptName},
                 'conceptType', ${i.conceptType}, 'period', ${i.period}, 'dueOn', ${i.dueOn},
                 'baseCentavos', ${i.baseCentavos}, 'lateFeeCentavos', ${i.lateFeeCentavos},
                 'orderAmountCentavos', ${i.orderAmountCentavos},
                 'orderLateFeeCentavos', ${i.orderLateFeeCentavos})
                 ORDER BY ${i.dueOn}, ${i.orderId})
          FROM ${payinItems} WHERE ${i.payinId} = ${payins.id}), '[]'::json)`,
    })
    .from(payins)
    .where(sql`${payins.id} = ANY(${p('ids')}::uuid[])`)
    .orderBy(asc(payins.id))
    .for('update', { of: payins })
    .prepare('payments_lock_payins_with_items');
});

/** The card payin a gateway sale ticket settled, held FOR UPDATE. */
export async function lockPayinByTicket(db: Executor, ticket: string): Promise<PayinRow | null> {
  const [row] = await db.select().from(payins).where(eq(payins.ticketNumber, ticket)).for('update');
  return row ?? null;
}

export function itemsOfPayin(db: Executor, payinId: string): Promise<PayinItemRow[]> {
  return db
    .select()
    .from(payinItems)
    .where(eq(payinItems.payinId, payinId))
    .orderBy(asc(payinItems.dueOn), asc(payinItems.orderId));
}

/** A pending card payin that will not be paid: billing restores its orders' status. */
export async function markPayinFailed(
  tx: Executor,
  payin: PayinRow,
  error: { code: string; message: string },
  orderIds: string[],
): Promise<PayinRow> {
  const [row] = await tx
    .update(payins)
    .set({ status: 'failed', errorCode: error.code, errorMessage: error.message })
    .where(and(eq(payins.id, payin.id), eq(payins.status, 'pending')))
    .returning();
  if (!row) return payin;
  await enqueueEvent(tx, payinFailedV1, {
    payin_id: row.id,
    school_id: row.schoolId,
    order_ids: orderIds,
    code: error.code,
    message: error.message,
  });
  return row;
}

/**
 * Money of the payin that went back to the family's card or bank account (ADR 0120), in the
 * transaction that booked it: the payin keeps its status, its answer says how much left.
 */
export async function addReturnedToFamily(tx: Executor, payinId: string, centavos: number) {
  await tx
    .update(payins)
    .set({ returnedCentavos: sql`${payins.returnedCentavos} + ${centavos}` })
    .where(eq(payins.id, payinId));
}

/** A paid payin given back whole (a store sale whose units sold out): false if it was not paid. */
export async function cancelPaidPayin(
  tx: Executor,
  payinId: string,
  error: { code: string; message: string },
): Promise<boolean> {
  const canceled = await tx
    .update(payins)
    .set({ status: 'canceled', errorCode: error.code, errorMessage: error.message })
    .where(and(eq(payins.id, payinId), eq(payins.status, 'success')))
    .returning({ id: payins.id });
  return canceled.length > 0;
}

export interface Settlement {
  paidAt: Date;
  allocations: OrderAllocation[];
  creditCreatedCentavos: number;
  creditStudentId: string | null;
  card?: {
    ticketNumber: string;
    reference: string | null;
    brand: string | null;
    last4: string | null;
  };
  /** A store sale's lines, carried on the event for its receipt and CFDI (ADR 0083). */
  store?: StoreSale;
  /**
   * A SPEI or cash payin paid with another amount than its reference's (ADR 0099): what
   * arrived becomes the payin's amount, and the note says what was expected.
   */
  received?: { amountCentavos: number; note: string };
}

/**
 * Marks a payin paid with what it paid, records its allocations and enqueues
 * payments.payin.succeeded (billing marks the orders, invoicing issues the CFDI), in one
 * statement. The caller posted the ledger in the same transaction and holds the payin's lock.
 */
export async function markPayinSucceeded(
  tx: Executor,
  payin: PayinRow,
  s: Settlement,
): Promise<PayinRow> {
  return (await markPayinsSucceeded(tx, [{ payin, settlement: s }]))[0]!;
}

/** A payin and how it was settled. */
export interface PaidPayin {
  payin: PayinRow;
  settlement: Settlement;
}

/**
 * markPayinSucceeded for many payins in one statement (a batch of sale notices, issue 18:
 * one round trip instead of one per payin); the paid rows in the list's order. The payins
 * without a folio take their schools' next ones in that order.
 */
export async function markPayinsSucceeded(tx: Executor, paid: PaidPayin[]): Promise<PayinRow[]> {
  if (!paid.length) return [];
  const succeeded = pendingEvents(
    payinSucceededV1,
    paid.map(({ payin, settlement: s }) => ({
      payin_id: payin.id,
      school_id: payin.schoolId,
      type: payin.type,
      method: payin.method,
      amount_centavos: s.received?.amountCentavos ?? payin.amountCentavos,
      paid_at: s.paidAt.toISOString(),
      guardian_id: payin.guardianId,
      allocations: s.allocations.map(toAllocation),
      credit_created_centavos: s.creditCreatedCentavos,
      credit_student_id: s.creditStudentId,
      ...(s.store ? { store: s.store } : {}),
    })),
  );
  const rows = await succeededStatement(tx).execute({
    settled: JSON.stringify(paid.map(settledRecord)),
    allocations: allocationRecordsOf(
      paid.map(({ payin, settlement }) => ({
        schoolId: payin.schoolId,
        source: { payinId: payin.id },
        list: settlement.allocations,
      })),
    ),
    ...outboxValues(succeeded),
  });
  await eventsRecorded(tx);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return paid.map(({ payin }) => byId.get(payin.id)!);
}

/** One payin's settlement as a row of `succeededStatement`'s `settled` (`n`: its place). */
const settledRecord = ({ payin, settlement: s }: PaidPayin, n: number) => ({
  n,
  id: payin.id,
  school_id: payin.schoolId,
  folio: !payin.receiptNumber,
  paid_at: s.paidAt.toISOString(),
  credit_created_centavos: s.creditCreatedCentavos,
  credit_student_id: s.creditStudentId,
  card: s.card !== undefined,
  ticket_number: s.card?.ticketNumber ?? null,
  reference: s.card?.reference ?? null,
  brand: s.card?.brand ?? null,
  last4: s.card?.last4 ?? null,
  received: s.received !== undefined,
  received_amount_centavos: s.received?.amountCentavos ?? null,
  received_note: s.received?.note ?? null,
});

/**
 * markPayinsSucceeded's statement, built once per database (building it was CPU on every
 * settlement of issue 18's burst): the payins' UPDATE from the `settled` rows, with their
 * allocations and events, and the folios of those without one taken from their schools'
 * counter rows, which stay locked from this statement to the commit: every other payment
 * a school settles meanwhile waits for it (ADR 0055), so a batch takes them last.
 */
const succeededStatement = preparedPerDatabase((tx: Executor) => {
  const settled = tx.$with('settled', {}).as(
    sql`SELECT * FROM jsonb_to_recordset(${p('settled')}::jsonb) AS r(
      n int, id uuid, school_id text, folio boolean, paid_at timestamptz,
      credit_created_centavos bigint, credit_student_id text, card boolean, ticket_number text,
      reference text, brand text, last4 text, received boolean, received_amount_centavos bigint,
      received_note text)`,
  );
  // A WITH that writes runs even unread: no row of it, no counter row touched.
  const counters = tx.$with('counters', {}).as(
    sql`INSERT INTO ${receiptCounters} (school_id, last_number)
      SELECT school_id, count(*) FROM settled WHERE folio GROUP BY school_id
      ON CONFLICT (school_id) DO UPDATE SET last_number = ${receiptCounters.lastNumber} + EXCLUDED.last_number
      RETURNING school_id, last_number`,
  );
  const folios = tx.$with('folios', {}).as(
    sql`SELECT settled.id, 'R-' || lpad((c.last_number - count(*) OVER w
        + row_number() OVER (w ORDER BY settled.n))::text, 6, '0') AS receipt_number
      FROM settled JOIN counters c USING (school_id) WHERE settled.folio
      WINDOW w AS (PARTITION BY settled.school_id)`,
  );
  const writes = [
    tx.$with('succeeded', {}).as(outboxInsertPrepared()),
    tx.$with('allocated', {}).as(allocationsInsertPrepared()),
  ];
  const when = (flag: string, value: string, column: SQLWrapper) =>
    sql`CASE WHEN settled.${sql.raw(flag)} THEN settled.${sql.raw(value)} ELSE ${column} END`;
  return tx
    .with(settled, counters, folios, ...writes)
    .update(payins)
    .set({
      status: 'success',
      // Every paid payin takes the school's next folio, card ones too (ADR 0036).
      receiptNumber: sql`coalesce(folios.receipt_number, ${payins.receiptNumber})`,
      paidAt: sql`settled.paid_at`,
      creditCreatedCentavos: sql`settled.credit_created_centavos`,
      creditStudentId: sql`settled.credit_student_id`,
      amountCentavos: when('received', 'received_amount_centavos', payins.amountCentavos),
      note: when('received', 'received_note', payins.note),
      errorCode: null,
      errorMessage: null,
      ticketNumber: when('card', 'ticket_number', payins.ticketNumber),
      transactionReference: when('card', 'reference', payins.transactionReference),
      cardBrand: when('card', 'brand', payins.cardBrand),
      cardLast4: when('card', 'last4', payins.cardLast4),
    })
    .from(sql`settled LEFT JOIN folios ON folios.id = settled.id`)
    .where(sql`${payins.id} = settled.id`)
    .returning(getTableColumns(payins))
    .prepare('payments_payins_succeeded');
});

/** The school's next desk receipt folio: R-000001, R-000002… */
export async function nextReceiptNumber(tx: Executor, schoolId: string): Promise<string> {
  const { rows } = await tx.execute<{ n: number }>(nextFolioSql(schoolId));
  return `R-${String(rows[0]!.n).padStart(6, '0')}`;
}

/** Takes the school's next folio number (`n`), locking its counter row to the commit. */
const nextFolioSql = (schoolId: string | Placeholder) => sql`
  INSERT INTO ${receiptCounters} (school_id, last_number) VALUES (${schoolId}, 1)
  ON CONFLICT (school_id) DO UPDATE SET last_number = ${receiptCounters.lastNumber} + 1
  RETURNING last_number AS n`;

/** A guardian's family: the payins they made and those of their students (payin-access.ts). */
export interface PayinFamily {
  guardianId: string;
  studentIds: string[];
}

export interface PayinFilter {
  schoolId: string;
  /** The backoffice's list: these schools' payins instead of `schoolId`'s. */
  schoolIds?: string[];
  /** A family sees only its own payins. */
  family?: PayinFamily;
  type?: PayinType;
  status?: RequestStatus;
  method?: PaymentMethod;
  studentId?: string;
  /** The payer: the family's guardian. */
  payerId?: string;
  /** Mexico City calendar dates, inclusive. */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

const localDay = sql`(${payins.createdAt} AT TIME ZONE 'America/Mexico_City')::date`;
/** Each optional filter of the list by its letter in a statement's shape. */
const PAYIN_FILTERS: Record<string, SQL> = {
  f: eq(payins.guardianId, p('guardianId')),
  o: or(
    eq(payins.guardianId, p('guardianId')),
    sql`${payins.studentIds} && ${p('familyStudentIds')}::text[]`,
  )!,
  t: eq(payins.type, p('type')),
  s: eq(payins.status, p('status')),
  u: sql`${payins.studentIds} @> ARRAY[${p('studentId')}]::text[]`,
  m: eq(payins.method, p('method')),
  g: eq(payins.guardianId, p('payerId')),
  a: gte(localDay, sql`${p('from')}::date`),
  b: sql`${localDay} <= ${p('to')}::date`,
};

/**
 * Which filters a listing has: a family (`o` when it has students), type, status, student,
 * method, payer, dates.
 */
export const shapeOf = (f: Omit<PayinFilter, 'page' | 'pageSize'>) =>
  [
    f.schoolIds ? 'S' : '',
    f.family ? (f.family.studentIds.length ? 'o' : 'f') : '',
    f.type ? 't' : '',
    f.status ? 's' : '',
    f.studentId ? 'u' : '',
    f.method ? 'm' : '',
    f.payerId ? 'g' : '',
    f.from ? 'a' : '',
    f.to ? 'b' : '',
  ].join('');

/** The school's (shape `S`: the schools') payins with the filters a shape names. */
export const filteredPayins = (shape: string) =>
  and(
    shape.startsWith('S')
      ? sql`${payins.schoolId} = any(${p('schoolIds')}::text[])`
      : eq(payins.schoolId, p('schoolId')),
    ...[...shape.replace(/^S/, '')].map((k) => PAYIN_FILTERS[k]),
  );

const listStatements = preparedPerDatabase((db: Executor, shape: string) => {
  const where = filteredPayins(shape);
  return {
    count: db.select({ n: count() }).from(payins).where(where).prepare(`payins_count_${shape}`),
    totals: db
      .select({
        method: payins.method,
        status: payins.status,
        payins: count(),
        amount: sql<string>`coalesce(sum(${payins.amountCentavos}), 0)::text`,
        // Net of what went back to families (ADR 0120): what the school keeps.
        keptPayins:
          sql<number>`count(*) FILTER (WHERE ${payins.returnedCentavos} < ${payins.amountCentavos})`.mapWith(
            Number,
          ),
        kept: sql<string>`coalesce(sum(${payins.amountCentavos} - ${payins.returnedCentavos}), 0)::text`,
      })
      .from(payins)
      .where(where)
      .groupBy(payins.method, payins.status)
      .prepare(`payins_totals_${shape}`),
  };
});

export const filterValues = (f: Omit<PayinFilter, 'page' | 'pageSize'>) => ({
  schoolId: f.schoolId,
  schoolIds: f.schoolIds,
  guardianId: f.family?.guardianId,
  familyStudentIds: f.family?.studentIds,
  type: f.type,
  status: f.status,
  studentId: f.studentId,
  method: f.method,
  payerId: f.payerId,
  from: f.from,
  to: f.to,
});

/** How many payins the filters match (a page's answer carries it; one past the end does not). */
export async function countPayins(
  db: Executor,
  f: Omit<PayinFilter, 'page' | 'pageSize'>,
): Promise<number> {
  const [total] = await listStatements(db, shapeOf(f)).count.execute(filterValues(f));
  return total!.n;
}

/**
 * The filtered payins by method and status: how many and how much, and of it what the school
 * keeps once money went back to families (Pagos' totals).
 */
export async function payinTotals(db: Executor, f: Omit<PayinFilter, 'page' | 'pageSize'>) {
  const rows = await listStatements(db, shapeOf(f)).totals.execute(filterValues(f));
  return rows.map((r) => ({ ...r, amount: Number(r.amount), kept: Number(r.kept) }));
}

/** An operator's sync: one school's pending payins, created within Mexico City dates. */
export interface PendingScope {
  schoolId: string;
  from?: string;
  to?: string;
}

/** Card payins still pending and created before `before`: the reconciliation job's work. */
export function pendingCardPayins(
  db: Executor,
  before: Date,
  scope?: PendingScope,
  limit = 100,
): Promise<PayinRow[]> {
  return db
    .select()
    .from(payins)
    .where(
      and(
        eq(payins.status, 'pending'),
        eq(payins.type, 'CARD'),
        lt(payins.createdAt, before),
        scope && eq(payins.schoolId, scope.schoolId),
        scope?.from ? sql`${localDay} >= ${scope.from}::date` : undefined,
        scope?.to ? sql`${localDay} <= ${scope.to}::date` : undefined,
      ),
    )
    .orderBy(asc(payins.createdAt))
    .limit(limit);
}

/**
 * An operator links a pending card payin to the gateway ticket that charged it (its answer
 * was lost), so reconciliation finds the sale by ticket. Once: the payin keeps its first
 * ticket, and a ticket belongs to one payin (unique); null when nothing was linked.
 */
export async function linkTicketNumber(
  db: Executor,
  payinId: string,
  ticket: string,
): Promise<PayinRow | null> {
  const [row] = await db
    .update(payins)
    .set({ ticketNumber: ticket })
    .where(
      and(
        eq(payins.id, payinId),
        eq(payins.type, 'CARD'),
        eq(payins.status, 'pending'),
        sql`${payins.ticketNumber} IS NULL`,
      ),
    )
    .returning();
  return row ?? null;
}

const detailStatements = preparedPerDatabase((db: Executor) => ({
  allocations: db
    .select()
    .from(allocations)
    .where(sql`${allocations.payinId} = any(${p('ids')}::uuid[])`)
    .orderBy(asc(allocations.seq))
    .prepare('allocations_of_payins'),
}));

/** Allocations of these payins (what a void or refund takes back). */
export async function allocationsOfPayins(
  db: Executor,
  payinIds: string[],
): Promise<Map<string, OrderAllocation[]>> {
  const byPayin = new Map<string, OrderAllocation[]>();
  if (!payinIds.length) return byPayin;
  const rows = await detailStatements(db).allocations.execute({ ids: payinIds });
  for (const row of rows) {
    byPayin.set(row.payinId!, [...(byPayin.get(row.payinId!) ?? []), rowToAllocation(row)]);
  }
  return byPayin;
}

export interface NewReportedTransfer {
  /** The report's id, chosen by the portal: the path's `{payin}`. */
  id: string;
  schoolId: string;
  amountCentavos: number;
  guardianId: string;
  studentIds: string[];
  idempotencyKey: string;
  requestHash: string;
  orderIds: string[];
}

/**
 * A transfer a family reports (ADR 0036): a pending TRANSFER_IN payin, and
 * payments.payin.initiated so billing shows its orders as waiting. KeyTaken when its key or
 * its id is held.
 */
export async function insertReportedTransfer(
  tx: Executor,
  payin: NewReportedTransfer,
): Promise<PayinRow> {
  const { orderIds, ...values } = payin;
  const [inserted] = await tx
    .insert(payins)
    .values({ ...values, type: 'TRANSFER_IN', method: 'transfer', status: 'pending' })
    .onConflictDoNothing()
    .returning();
  const row = claimed(inserted);
  await enqueueEvent(tx, payinInitiatedV1, {
    payin_id: row.id,
    school_id: row.schoolId,
    order_ids: orderIds,
  });
  return row;
}

/**
 * A pending reported transfer its family deleted: canceled, and payments.payin.failed so
 * billing clears the orders' waiting mark (no money moved).
 */
export async function cancelReportedTransfer(
  tx: Executor,
  payin: PayinRow,
  orderIds: string[],
): Promise<PayinRow> {
  const [row] = await tx
    .update(payins)
    .set({ status: 'canceled' })
    .where(and(eq(payins.id, payin.id), eq(payins.status, 'pending')))
    .returning();
  if (!row) return payin;
  await enqueueEvent(tx, payinFailedV1, {
    payin_id: row.id,
    school_id: row.schoolId,
    order_ids: orderIds,
    code: 'REPORT_DELETED',
    message: 'La familia eliminó la transferencia reportada.',
  });
  return row;
}

/** Who received the money of a payin confirmed later (a reported transfer): the receipt's name. */
export async function setRecordedBy(
  tx: Executor,
  id: string,
  by: { userId: string; name: string | null },
): Promise<void> {
  await tx
    .update(payins)
    .set({ recordedBy: by.userId, recordedByName: by.name })
    .where(eq(payins.id, id));
}

/** How many payins there are of each type and status, for the service's /metrics. */
export function payinCountsByStatus(
  db: Executor,
): Promise<{ type: PayinType; status: RequestStatus; payins: number }[]> {
  return db
    .select({ type: payins.type, status: payins.status, payins: count() })
    .from(payins)
    .groupBy(payins.type, payins.status);
}
