import {
  guardianMaySeeInvoice,
  guardianMaySeeOrder,
  isFamilyInvoice,
} from './invoice-access-rules';

const invoice = { billingGuardianId: 'mamá', payerGuardianId: 'tía' };
/** Papá bills; mamá is linked to the student too. */
const student = { billingGuardianId: 'papá', guardianIds: ['mamá', 'papá'] };

test('an invoice belongs to the guardian it is made out to and to whoever paid it', () => {
  expect(isFamilyInvoice(invoice, 'mamá')).toBe(true);
  expect(isFamilyInvoice(invoice, 'tía')).toBe(true);
  expect(isFamilyInvoice(invoice, 'vecino')).toBe(false);
  expect(isFamilyInvoice({ billingGuardianId: null, payerGuardianId: null }, 'vecino')).toBe(false);
});

test("an order's invoices: the student's guardians, or the family of one of them", () => {
  expect(guardianMaySeeOrder('papá', student, [])).toBe(true);
  expect(guardianMaySeeOrder('mamá', student, [])).toBe(true);
  expect(guardianMaySeeOrder('tía', student, [invoice])).toBe(true);
  expect(guardianMaySeeOrder('vecino', student, [invoice])).toBe(false);
  expect(guardianMaySeeOrder('vecino', undefined, [])).toBe(false);
  // A snapshot without links (an older event): the billing guardian alone.
  expect(guardianMaySeeOrder('mamá', { billingGuardianId: 'papá', guardianIds: [] }, [])).toBe(
    false,
  );
});

test("an invoice: its receptor, its payer and the student's guardians, no one else", () => {
  const other = { billingGuardianId: 'abuelo', payerGuardianId: null };
  expect(guardianMaySeeInvoice('mamá', student, other)).toBe(true);
  expect(guardianMaySeeInvoice('abuelo', student, other)).toBe(true);
  expect(guardianMaySeeInvoice('vecino', student, other)).toBe(false);
  expect(guardianMaySeeInvoice('mamá', undefined, other)).toBe(false);
});
