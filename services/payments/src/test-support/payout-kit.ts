import { randomUUID } from 'node:crypto';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import { waitFor } from '@cuota/testing/wait-for';
import type { PaymentsHarness, SchoolFixture } from './payments-harness';

export const PAYOUTS = '/backoffice/payouts/';

/** What the payout tests do to one school: its accounts, closed card days and payouts. */
export function payoutKit(h: PaymentsHarness, school: SchoolFixture) {
  const treasurer = () => h.staff('TREASURER');

  async function addAccount(clabe: string) {
    const res = await h.call(
      h.staff('OWNER'),
      `/api/v1/dashboard/schools/${school.id}/bank_accounts/`,
      {
        method: 'POST',
        json: { clabe, holder_name: 'Colegio Demo SC' },
        headers: { 'idempotency-key': randomUUID() },
      },
    );
    expect(res.status).toBe(201);
    return res.body as { id: string };
  }

  /** Card payments of `amounts`, moved `daysAgo` days back so their day is closed. */
  async function cardDay(
    daysAgo: number,
    amounts: number[],
  ): Promise<{ day: string; ids: string[] }> {
    const ids: string[] = [];
    for (const [i, amount] of amounts.entries()) {
      const kid = school.families[i % 2]!.studentIds[0]!;
      const [order] = await h.bill(school, [kid], {
        period: `2025-${String(daysAgo * 2 + i).padStart(2, '0')}`,
        amount,
      });
      const res = await h.checkout(school, [order!], { claims: h.guardian(school, i % 2) });
      await h.waitForStatus(res.body.id, 'success');
      ids.push(res.body.id);
    }
    const { rows } = await h.books.$client.query(
      `UPDATE payins SET paid_at = paid_at - make_interval(days => $2) WHERE id = ANY($1)
       RETURNING paid_at`,
      [ids, daysAgo],
    );
    return { day: mexicoCityDate(rows[0].paid_at), ids };
  }

  const schedule = (day: string, claims: IdentityClaims = treasurer(), over: object = {}) =>
    h.call(claims, PAYOUTS, {
      method: 'POST',
      json: { school_id: school.id, collected_on: day, ...over },
    });
  const execute = (id: string, claims = h.staff('OWNER')) =>
    h.call(claims, `${PAYOUTS}${id}/execute/`, { method: 'POST' });
  const statusOf = async (id: string) =>
    (await h.books.$client.query('SELECT status, updated_at FROM payouts WHERE id = $1', [id]))
      .rows[0];
  /** What the sandbox was asked to pay out for a payout (or a bank refund's reversal). */
  const gatewayPayouts = async (id: string, of: 'payout' | 'reversal' = 'payout') => {
    const res = await fetch(`${h.sandbox.url}/_sandbox/payouts`);
    const { payouts } = (await res.json()) as {
      payouts: Array<{ ticketNumber: string; metadata: Record<string, string> }>;
    };
    return payouts.filter((p) => p.metadata[`${of}_id`] === id);
  };
  /** Executes the payout and waits for the gateway's final word. */
  const paidOut = async (id: string, status = 'APPROVED') => {
    expect((await execute(id)).status).toBe(200);
    await waitFor(async () => (await statusOf(id)).status === status);
  };
  /** The ledger lines one transaction posted, by account name (`bank`, `gateway_fees`…). */
  const postedLines = async (key: string) => {
    const { rows } = await h.books.$client.query(
      `SELECT a.code, sum(e.amount_centavos)::bigint AS total FROM ledger_entries e
         JOIN ledger_accounts a ON a.id = e.account_id
         JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE t.idempotency_key = $1 GROUP BY a.code`,
      [key],
    );
    return Object.fromEntries(
      rows.map((r) => [r.code.split(':').slice(2).join(':'), Number(r.total)]),
    );
  };

  return {
    treasurer,
    addAccount,
    cardDay,
    schedule,
    execute,
    statusOf,
    gatewayPayouts,
    paidOut,
    postedLines,
  };
}
