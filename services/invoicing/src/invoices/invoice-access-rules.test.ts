import { guardianMaySeeOrder, isFamilyInvoice } from './invoice-access-rules';

const invoice = { billingGuardianId: 'mamá', payerGuardianId: 'tía' };

test('an invoice belongs to the guardian it is made out to and to whoever paid it', () => {
  expect(isFamilyInvoice(invoice, 'mamá')).toBe(true);
  expect(isFamilyInvoice(invoice, 'tía')).toBe(true);
  expect(isFamilyInvoice(invoice, 'vecino')).toBe(false);
  expect(isFamilyInvoice({ billingGuardianId: null, payerGuardianId: null }, 'vecino')).toBe(false);
});

test("an order's invoices: the student's billing guardian, or the family of one of them", () => {
  expect(guardianMaySeeOrder('papá', 'papá', [])).toBe(true);
  expect(guardianMaySeeOrder('tía', 'papá', [invoice])).toBe(true);
  expect(guardianMaySeeOrder('vecino', 'papá', [invoice])).toBe(false);
  expect(guardianMaySeeOrder('vecino', undefined, [])).toBe(false);
});
