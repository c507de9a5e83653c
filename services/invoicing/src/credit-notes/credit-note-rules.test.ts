import fc from 'fast-check';
import type { InvoiceLineRecord } from '../invoices/invoice-request-rules';
import {
  adjustmentDecisions,
  creditableRoom,
  keptLines,
  reversalDecisions,
  staffCreditLines,
  totalOf,
  type CreditableInvoice,
} from './credit-note-rules';

const TZ = 'America/Mexico_City';
const line = (order: string, base: number, lateFee = 0): InvoiceLineRecord => ({
  order_id: order,
  concept_id: 'c',
  concept_name: 'Colegiatura',
  concept_type: 'MONTHLY_FEE',
  period: '2026-09',
  base_centavos: base,
  late_fee_centavos: lateFee,
  discount_centavos: 0,
});
const invoice = (over: Partial<CreditableInvoice> = {}): CreditableInvoice => {
  const lines = over.lines ?? [line('o1', 4_850_00)];
  return {
    id: 'inv-1',
    studentId: 's1',
    part: 'tuition',
    status: 'success',
    stampedAt: new Date('2026-09-05T18:00:00Z'),
    beingStamped: false,
    totalCentavos: totalOf(lines),
    lines,
    credited: 0,
    ...over,
  };
};
const reversed = (lines: InvoiceLineRecord[]) => lines.map((l) => ({ ...l, student_id: 's1' }));

test('whole, same Mexico City month: cancel; next month: credit note for all of it', () => {
  const inv = invoice();
  const whole = { whole: true, allocations: reversed(inv.lines) };
  expect(
    reversalDecisions({ ...whole, reversedAt: new Date('2026-09-30T23:00:00Z') }, [inv], TZ),
  ).toEqual([{ action: 'cancel', invoice: inv }]);
  // 1 October 02:00 UTC is still 30 September in Mexico City.
  expect(
    reversalDecisions({ ...whole, reversedAt: new Date('2026-10-01T02:00:00Z') }, [inv], TZ)[0]!
      .action,
  ).toBe('cancel');
  const later = reversalDecisions(
    { ...whole, reversedAt: new Date('2026-10-02T18:00:00Z') },
    [inv],
    TZ,
  );
  expect(later).toEqual([{ action: 'credit_note', invoice: inv, lines: inv.lines }]);
});

test('never stamped and nobody stamping it: withdrawn; a credited CFDI is credited, not cancelled', () => {
  const pending = invoice({ status: 'failed', stampedAt: null });
  const at = new Date('2026-09-06T18:00:00Z');
  const whole = { whole: true, allocations: reversed(pending.lines), reversedAt: at };
  expect(reversalDecisions(whole, [pending], TZ)[0]!.action).toBe('withdraw');
  expect(reversalDecisions(whole, [{ ...pending, beingStamped: true }], TZ)[0]!.action).toBe(
    'credit_note',
  );
  const credited = invoice({ credited: 1_000_00 });
  const [decision] = reversalDecisions(whole, [credited], TZ);
  expect(decision).toMatchObject({ action: 'credit_note' });
  expect(totalOf((decision as { lines: InvoiceLineRecord[] }).lines)).toBe(3_850_00);
});

test('any reversal credits at most what is left of the invoice, to the centavo', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.tuple(fc.integer({ min: 1, max: 500_000 }), fc.integer({ min: 0, max: 50_000 })),
        {
          minLength: 1,
          maxLength: 5,
        },
      ),
      fc.integer({ min: 0, max: 3_000_000 }),
      fc.array(fc.integer({ min: 0, max: 600_000 }), { minLength: 1, maxLength: 5 }),
      (paid, credited, back) => {
        const lines = paid.map(([base, lateFee], i) => line(`o${i}`, base, lateFee));
        const inv = invoice({ lines, credited: Math.min(credited, totalOf(lines)) });
        const asked = lines.map((l, i) => ({
          ...l,
          base_centavos: back[i] ?? 0,
          late_fee_centavos: 0,
        }));
        const decisions = reversalDecisions(
          { whole: false, allocations: reversed(asked), reversedAt: new Date() },
          [inv],
          TZ,
        );
        const given = decisions.flatMap((d) => ('lines' in d ? d.lines : []));
        const room = inv.totalCentavos - inv.credited;
        expect(totalOf(given)).toBe(Math.min(room, totalOf(asked)));
        for (const l of given) expect(l.base_centavos + l.late_fee_centavos).toBeGreaterThan(0);
      },
    ),
  );
});

test('a partial refund of a colegiatura and its late fee credits each on its own CFDI', () => {
  const tuition = invoice({ id: 't', lines: [line('o1', 4_850_00)] });
  const other = invoice({ id: 'x', part: 'other', lines: [line('o1', 0, 150_00)] });
  const decisions = reversalDecisions(
    { whole: false, allocations: reversed([line('o1', 1_000_00, 150_00)]), reversedAt: new Date() },
    [tuition, other],
    TZ,
  );
  expect(decisions.map((d) => [d.invoice.id, 'lines' in d ? d.lines : []])).toEqual([
    ['t', [line('o1', 1_000_00)]],
    ['x', [line('o1', 0, 150_00)]],
  ]);
});

test('a lowered order total credits the excess newest invoice first, never twice', () => {
  const newest = invoice({ id: 'b', lines: [line('o1', 2_000_00)] });
  const oldest = invoice({ id: 'a', lines: [line('o1', 2_850_00)] });
  const decisions = adjustmentDecisions('o1', 2_000_00, [newest, oldest], 0);
  expect(decisions.map((d) => [d.invoice.id, totalOf(d.lines)])).toEqual([
    ['b', 2_000_00],
    ['a', 850_00],
  ]);
  expect(adjustmentDecisions('o1', 2_000_00, [newest, oldest], 2_850_00)).toEqual([]);
  expect(creditableRoom(invoice({ credited: 4_850_00 }))).toBe(0);
});

test('staff credit part of an invoice: late fee first, never beyond what is left', () => {
  const owed = invoice({ lines: [line('o1', 1_000_00, 150_00)], totalCentavos: 1_150_00 });
  expect(creditableRoom(owed, 400_00)).toBe(750_00);
  expect(creditableRoom(invoice({ credited: 5_000_00 }))).toBe(0);
  expect(staffCreditLines(owed, 200_00)).toEqual([
    { ...line('o1', 50_00, 150_00), discount_centavos: 0 },
  ]);
});

test('a refund taken out of a held payment keeps the rest of each line, drops what is empty', () => {
  const held = [{ ...line('o1', 1_000_00, 150_00), discount_centavos: 300_00 }, line('o2', 500_00)];
  expect(keptLines(held, [line('o1', 800_00, 150_00), line('o2', 500_00)])).toEqual([
    { ...line('o1', 200_00), discount_centavos: 200_00 },
  ]);
  expect(keptLines(held, [line('o3', 100_00)])).toEqual(held);
  expect(totalOf(keptLines(held, held))).toBe(0);
});
