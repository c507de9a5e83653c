import { grants } from '@cuota/contracts/access/permissions';
import {
  startBffWithEchoPayments,
  type BffWithEchoPayments,
} from '../test-support/bff-on-enrolment';
import { signInStaff } from '../test-support/sign-in';

/**
 * A SPEI or store-cash payment given back to the family's credit (ADR 0099) is a refund:
 * only roles with payments.refund reach payments; the rest, a cashier first, are 403 in
 * Spanish before payments hears of it.
 */
let h: BffWithEchoPayments;
beforeAll(async () => {
  h = await startBffWithEchoPayments();
}, 120_000);
afterAll(() => h?.stop());

const path = () => `/api/v1/dashboard/schools/${h.enrolment.demo.school_id}/refund/`;
const body = {
  payin_id: '00000000-0000-4000-8000-00000000beef',
  reason: 'Pagó el cargo equivocado',
  to: 'credit',
};

test('each staff role: payments.refund reaches payments, the others are refused', async () => {
  for (const { email, role } of h.enrolment.demo.staff) {
    const before = h.payments.calls.length;
    const { agent, csrfToken } = await signInStaff(h.bff, email, h.enrolment.demo.staff_password);
    const res = await agent
      .post(path())
      .set('x-csrf-token', csrfToken)
      .set('idempotency-key', `devolucion-${role}`)
      .send(body);
    const may = grants({ role }, 'payments.refund');
    expect([role, res.status]).toEqual([role, may ? 200 : 403]);
    expect(h.payments.calls.length).toBe(before + (may ? 1 : 0));
    if (!may) expect(res.body.error.message).toEqual(expect.any(String));
  }
  expect(grants({ role: 'CASH_COLLECTION' }, 'payments.refund')).toBe(false);
});
