import { randomUUID } from 'node:crypto';
import type { PaymentsHarness, SchoolFixture } from './payments-harness';
import type { BilledOrder } from './real-billing';

/**
 * Tests that void card sales made a moment ago, which Kushki allows until 23:00 Mexico City
 * time (UTC−6): run between 22:00 and 24:00 there, payments and the gateway read a clock
 * three hours behind (`clock: () => Date.now() - VOIDABLE_SHIFT_MS`), so a sale made now is
 * still voidable; webhooks are signed with the real time, so their tolerance (4 h) covers it.
 */
export const VOIDABLE_SHIFT_MS =
  new Date(Date.now() - 6 * 3600_000).getUTCHours() >= 22 ? 3 * 3600_000 : 0;

/** Tells the gateway sandbox how to behave next (hold webhooks, duplicate them…). */
export const behave = (h: PaymentsHarness, behaviour: object) =>
  fetch(`${h.sandbox.url}/_sandbox/behaviour`, {
    method: 'PUT',
    body: JSON.stringify(behaviour),
  });

/**
 * A card payment whose order the desk paid while the card's webhook was held: the whole
 * card payment becomes the credit of the family's first student (ADR 0036's spent-credit
 * refunds start here). Returns the card payin.
 */
export async function cardLeftCredit(
  h: PaymentsHarness,
  school: SchoolFixture,
  family: number,
  order: BilledOrder,
): Promise<string> {
  const student = school.families[family]!.studentIds[0]!;
  await behave(h, { hold: true });
  const card = await h.checkout(school, [order], { claims: h.guardian(school, family) });
  expect(card.status).toBe(202);
  const desk = await h.call(
    h.staff('CASH_COLLECTION', school),
    `/api/v1/dashboard/schools/${school.id}/payins/`,
    {
      method: 'POST',
      json: {
        student_id: student,
        amount_centavos: order.amount,
        method: 'cash',
        order_ids: [order.id],
      },
      headers: { 'idempotency-key': randomUUID() },
    },
  );
  expect(desk.status).toBe(201);
  await behave(h, {});
  await h.waitForStatus(card.body.id, 'success');
  expect(
    await h.count('payins', 'id = $1 AND credit_created_centavos = $2', [
      card.body.id,
      order.amount,
    ]),
  ).toBe(1);
  return card.body.id;
}
