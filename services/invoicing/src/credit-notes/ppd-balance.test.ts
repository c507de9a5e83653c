/**
 * A PPD invoice settled by CFDI de pago and credit notes (ADR 0037): whatever order payments
 * and lowered totals (scholarships, discounts, a cancel) arrive in, the complements'
 * ImpPagado plus the credit notes add up to the invoice's total, to the centavo, and each
 * complement starts from the balance net of the credit notes issued before it.
 */
import fc from 'fast-check';
import { nextInstallment, type Installment } from '../invoices/payment-installments';
import type { InvoiceLineRecord } from '../invoices/invoice-request-rules';
import { adjustmentDecisions, totalOf, type CreditableInvoice } from './credit-note-rules';

type Step = { kind: 'pay' | 'lower'; share: number };

interface Settlement {
  installments: Installment[];
  creditNotes: number[];
  /** billing's total of the order after every step. */
  orderTotal: number;
}

const ppdInvoice = (total: number, credited: number): CreditableInvoice => {
  const lines: InvoiceLineRecord[] = [
    {
      order_id: 'o1',
      concept_id: 'c',
      concept_name: 'Colegiatura',
      concept_type: 'MONTHLY_FEE',
      period: '2026-09',
      base_centavos: total,
      late_fee_centavos: 0,
      discount_centavos: 0,
    },
  ];
  return {
    id: 'ppd-1',
    studentId: 's1',
    part: 'tuition',
    status: 'success',
    stampedAt: new Date('2026-09-01T18:00:00Z'),
    beingStamped: false,
    totalCentavos: totalOf(lines),
    lines,
    credited,
  };
};

/**
 * Plays the steps as invoicing sees them: a payment of `share` of what the family still owes
 * (billing never allocates more than that), a lowering of the order by `share` of it; then
 * the rest is paid. `share` is in thousandths.
 */
function settle(total: number, steps: readonly Step[]): Settlement {
  const out: Settlement = { installments: [], creditNotes: [], orderTotal: total };
  const credited = () => out.creditNotes.reduce((s, c) => s + c, 0);
  const paid = () => out.installments.map((i) => i.paidCentavos);
  const owed = () => out.orderTotal - paid().reduce((s, p) => s + p, 0);
  const pay = (amount: number) => {
    const next = nextInstallment(total - credited(), paid(), amount, out.installments.length);
    if (next) out.installments.push(next);
  };
  for (const step of steps) {
    const amount = Math.floor((owed() * step.share) / 1000);
    if (amount <= 0) continue;
    if (step.kind === 'pay') pay(amount);
    else {
      out.orderTotal -= amount;
      const decisions = adjustmentDecisions(
        'o1',
        out.orderTotal,
        [ppdInvoice(total, credited())],
        credited(),
      );
      out.creditNotes.push(...decisions.map((d) => totalOf(d.lines)));
    }
  }
  if (owed() > 0) pay(owed());
  return out;
}

const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);

test.each([
  // total, steps, complements [NumParcialidad, ImpSaldoAnt, ImpPagado, ImpSaldoInsoluto], notes
  [
    'scholarship before any payment',
    4_850_00,
    [{ kind: 'lower', share: 200 }],
    [[1, 3_880_00, 3_880_00, 0]],
    [970_00],
  ],
  [
    'discount between two payments',
    4_850_00,
    [
      { kind: 'pay', share: 412 },
      { kind: 'lower', share: 350 },
    ],
    [
      [1, 4_850_00, 1_998_20, 2_851_80],
      [2, 1_853_67, 1_853_67, 0],
    ],
    [998_13],
  ],
  ['order cancelled unpaid', 1_234_56, [{ kind: 'lower', share: 1000 }], [], [1_234_56]],
  [
    'order cancelled after a payment',
    3_000_00,
    [
      { kind: 'pay', share: 500 },
      { kind: 'lower', share: 1000 },
    ],
    [[1, 3_000_00, 1_500_00, 1_500_00]],
    [1_500_00],
  ],
] as const)('%s', (_name, total, steps, complements, notes) => {
  const { installments, creditNotes } = settle(total, steps as readonly Step[]);
  expect(
    installments.map((i) => [
      i.installment,
      i.balanceBeforeCentavos,
      i.paidCentavos,
      i.balanceAfterCentavos,
    ]),
  ).toEqual(complements);
  expect(creditNotes).toEqual(notes);
  expect(sum(installments.map((i) => i.paidCentavos)) + sum(creditNotes)).toBe(total);
});

test('ImpPagado of the complements + the credit notes = the PPD total, to the centavo', () => {
  const step = fc.record({
    kind: fc.constantFrom<Step['kind']>('pay', 'lower'),
    share: fc.integer({ min: 1, max: 1000 }),
  });
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 50_000_000 }),
      fc.array(step, { maxLength: 12 }),
      (total, steps) => {
        const { installments, creditNotes, orderTotal } = settle(total, steps);
        expect(sum(installments.map((i) => i.paidCentavos)) + sum(creditNotes)).toBe(total);
        // What the family paid is the order's final total; the notes are what was lowered.
        expect(sum(installments.map((i) => i.paidCentavos))).toBe(orderTotal);
        let notesBefore = 0;
        let paidBefore = 0;
        installments.forEach((i, n) => {
          expect(i.installment).toBe(n + 1);
          expect(i.balanceAfterCentavos).toBe(i.balanceBeforeCentavos - i.paidCentavos);
          expect(i.balanceAfterCentavos).toBeGreaterThanOrEqual(0);
          // Net of every credit note issued before it, never above the total.
          notesBefore = total - paidBefore - i.balanceBeforeCentavos;
          expect(notesBefore).toBeGreaterThanOrEqual(0);
          expect(notesBefore).toBeLessThanOrEqual(sum(creditNotes));
          paidBefore += i.paidCentavos;
        });
        // The last complement's ImpSaldoInsoluto is what the credit notes after it gave back.
        if (installments.length)
          expect(installments.at(-1)!.balanceAfterCentavos).toBe(sum(creditNotes) - notesBefore);
      },
    ),
  );
});

test('an order lowered after it was paid in full: the note gives back the excess, no complement', () => {
  const total = 2_000_00;
  const paid = [nextInstallment(total, [], total)!];
  const [decision] = adjustmentDecisions('o1', 1_500_00, [ppdInvoice(total, 0)], 0);
  // billing keeps the 500 as the family's credit; the credit note gives it back fiscally.
  expect(totalOf(decision!.lines)).toBe(500_00);
  // Nothing is owed on the invoice any more: a later payment records no complement.
  expect(nextInstallment(total - 500_00, [paid[0]!.paidCentavos], 100_00)).toBeNull();
});
