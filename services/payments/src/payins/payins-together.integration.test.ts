import { randomUUID } from 'node:crypto';
import { runWithRequestId } from '@cuota/service-runtime/request-context';
import type { PaymentsHarness } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';
import {
  checkoutOpeningRead,
  insertCardPayin,
  insertCardPayinPricedOn,
  type NewCardPayin,
  type NewPayinItem,
} from './payin-repository';

jest.setTimeout(60_000);

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_together' });
}, 60_000);
afterAll(() => h?.stop());
const db = () => h.books;

const school = () => h.schools[0]!;

function cardPayin(key: string, orderIds: string[], base = 3_500) {
  const guardianId = school().families[0]!.guardianId;
  const payin: NewCardPayin = {
    schoolId: school().id,
    amountCentavos: orderIds.length * 3_500,
    guardianId,
    studentIds: ['alumno-1'],
    idempotencyKey: key,
    requestHash: 'h',
    gatewayEnvironment: 'sandbox',
    publicMerchantId: school().publicMerchantId,
    quotedAfterSeq: 0,
  };
  const items: NewPayinItem[] = orderIds.map((orderId) => ({
    orderId,
    studentId: 'alumno-1',
    conceptId: 'colegiatura',
    conceptName: 'Colegiatura',
    conceptType: 'MONTHLY_FEE',
    period: '2026-09',
    dueOn: '2026-09-10',
    baseCentavos: base,
    lateFeeCentavos: 0,
    orderAmountCentavos: null,
    orderLateFeeCentavos: null,
  }));
  return { payin, items };
}

/** Each call in its own request, as concurrent checkouts are. */
const asRequest = <T>(requestId: string, fn: () => Promise<T>) => runWithRequestId(requestId, fn);

test('concurrent payins go together yet each keeps its items, its event and its request id', async () => {
  const runs = Array.from({ length: 6 }, (_, i) => ({
    requestId: `juntos-${i}-${randomUUID()}`,
    ...cardPayin(`juntos-${i}-${randomUUID()}`, [`orden-${randomUUID()}`, `orden-${randomUUID()}`]),
  }));
  const rows = await Promise.all(
    runs.map((r) => asRequest(r.requestId, () => insertCardPayin(db(), r.payin, r.items))),
  );
  expect(rows.map((r) => r.idempotencyKey)).toEqual(runs.map((r) => r.payin.idempotencyKey));
  for (const [i, row] of rows.entries()) {
    expect(await h.count('payin_items', 'payin_id = $1', [row.id])).toBe(2);
    const { rows: events } = await h.books.$client.query(
      `SELECT request_id, payload->'data'->'order_ids' AS order_ids FROM outbox_events
        WHERE payload->>'type' = 'payments.payin.initiated' AND payload->'data'->>'payin_id' = $1`,
      [row.id],
    );
    expect(events).toEqual([
      { request_id: runs[i]!.requestId, order_ids: runs[i]!.items.map((t) => t.orderId) },
    ]);
  }
});

test('one payin that breaks a rule fails alone; one whose orders got money is not inserted', async () => {
  const paidMeanwhile = cardPayin(`guarda-${randomUUID()}`, [`orden-${randomUUID()}`]);
  const broken = cardPayin(`rota-${randomUUID()}`, [`orden-${randomUUID()}`], 0);
  const fine = cardPayin(`bien-${randomUUID()}`, [`orden-${randomUUID()}`]);
  const [guarded, failed, inserted] = await Promise.allSettled([
    // The opening read counted one allocation that is not there: priced on a stale read.
    insertCardPayinPricedOn(db(), paidMeanwhile.payin, paidMeanwhile.items, 1),
    insertCardPayin(db(), broken.payin, broken.items),
    insertCardPayin(db(), fine.payin, fine.items),
  ]);
  expect(guarded).toEqual({ status: 'fulfilled', value: null });
  expect(failed.status).toBe('rejected');
  expect(inserted).toMatchObject({
    status: 'fulfilled',
    value: { idempotencyKey: fine.payin.idempotencyKey },
  });
  const keys = [paidMeanwhile, broken, fine].map((r) => r.payin.idempotencyKey);
  expect(await h.count('payins', 'idempotency_key = ANY($1)', [keys])).toBe(1);
});

test('concurrent opening reads each answer their own key, orders and merchant', async () => {
  const { payin, items } = cardPayin(`leida-${randomUUID()}`, [`orden-${randomUUID()}`]);
  const row = await insertCardPayin(db(), payin, items);
  const asked = (idempotencyKey: string) => ({
    schoolId: school().id,
    idempotencyKey,
    guardianId: payin.guardianId!,
    orderIds: [items[0]!.orderId],
  });
  const [held, free, elsewhere] = await Promise.all([
    checkoutOpeningRead(db(), asked(payin.idempotencyKey)),
    checkoutOpeningRead(db(), asked(`libre-${randomUUID()}`)),
    checkoutOpeningRead(db(), { ...asked(payin.idempotencyKey), schoolId: h.schools[1]!.id }),
  ]);
  expect(held.payin?.id).toBe(row.id);
  expect(free.payin).toBeNull();
  expect(elsewhere.payin).toBeNull();
  expect(held.merchant?.publicMerchantId).toBe(school().publicMerchantId);
  expect(elsewhere.merchant?.publicMerchantId).toBe(h.schools[1]!.publicMerchantId);
});
