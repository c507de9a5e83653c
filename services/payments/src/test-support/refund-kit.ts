import { randomUUID } from 'node:crypto';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { PaymentsHarness, SchoolFixture } from './payments-harness';

/** Refunds asked as a user, and a student's credit as the ledger holds it (ADR 0099, 0110). */
export function refundKit(h: PaymentsHarness, school: SchoolFixture) {
  const refundAs = (as: IdentityClaims, json: object, key = randomUUID()) =>
    h.call(as, `/api/v1/dashboard/schools/${school.id}/refund/`, {
      method: 'POST',
      json,
      headers: { 'idempotency-key': key },
    });
  const creditOf = async (studentId: string) =>
    (
      await h.service.db.$client.query(
        `SELECT coalesce(-sum(e.amount_centavos), 0)::int AS c
         FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.code = $1`,
        [`school:${school.id}:credit:${studentId}`],
      )
    ).rows[0].c as number;
  return { refundAs, creditOf };
}
