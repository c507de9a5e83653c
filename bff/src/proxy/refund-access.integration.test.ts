import { grants } from '@cuota/contracts/access/permissions';
import {
  postAsEachStaff,
  startBffWithEchoPayments,
  type BffWithEchoPayments,
} from '../test-support/bff-on-enrolment';
import { signInGuardian } from '../test-support/sign-in';

/**
 * A SPEI or store-cash payment given back to the family's credit (ADR 0099) or to a bank
 * account (ADR 0110) is a refund: only roles with payments.refund reach payments; the rest,
 * a cashier first, and any guardian are 403 in Spanish before payments hears of it.
 */
let h: BffWithEchoPayments;
beforeAll(async () => {
  h = await startBffWithEchoPayments();
}, 120_000);
afterAll(() => h?.stop());

const path = () => `/api/v1/dashboard/schools/${h.enrolment.demo.school_id}/refund/`;
const toCredit = {
  payin_id: '00000000-0000-4000-8000-00000000beef',
  reason: 'Pagó el cargo equivocado',
  to: 'credit',
};
const toBank = {
  ...toCredit,
  to: 'bank_account',
  clabe: '012180000000000015',
  holder_name: 'Lucía Hernández',
};

test.each([
  ['credit', toCredit],
  ['bank_account', toBank],
])(
  'to %s, each staff role: payments.refund reaches payments, the others are refused',
  async (to, body) => {
    for (const { role, res, reached } of await postAsEachStaff(
      h,
      path(),
      body,
      `devolucion-${to}`,
    )) {
      const may = grants({ role }, 'payments.refund');
      expect([role, res.status, reached]).toEqual([role, may ? 200 : 403, may ? 1 : 0]);
      if (!may) expect(res.body.error.message).toEqual(expect.any(String));
    }
    expect(grants({ role: 'CASH_COLLECTION' }, 'payments.refund')).toBe(false);
    expect(grants({ role: 'TREASURER' }, 'payments.refund')).toBe(true);
  },
);

test('a guardian is refused (403, Spanish) and payments never hears of it', async () => {
  const { agent, csrfToken } = await signInGuardian(h.bff, {
    hash: h.enrolment.demo.guardian_hash,
    email: h.enrolment.demo.guardian_email,
  });
  const before = h.payments.calls.length;
  const res = await agent
    .post(path())
    .set('x-csrf-token', csrfToken)
    .set('idempotency-key', 'devolucion-familia')
    .send(toBank);
  expect(res.status).toBe(403);
  expect(res.body.error.message).toEqual(expect.any(String));
  expect(h.payments.calls.length).toBe(before);
});
