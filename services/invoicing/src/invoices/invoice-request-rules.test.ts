import type { Allocation } from '@cuota/contracts/payments/payins';
import {
  engineLines,
  invoiceRequestsOf,
  lineDescription,
  paidMethodOf,
  periodLabel,
} from './invoice-request-rules';

const allocation = (over: Partial<Allocation>): Allocation => ({
  order_id: 'o-1',
  student_id: 's-1',
  concept_id: 'c-1',
  concept_name: 'Colegiatura',
  concept_type: 'MONTHLY_FEE',
  period: '2026-09',
  base_centavos: 4_850_00,
  late_fee_centavos: 0,
  discount_centavos: 0,
  ...over,
});

const source = {
  kind: 'payin',
  id: 'p-1',
  schoolId: 'school',
  payerGuardianId: 'g-1',
  method: 'credit_card',
  paidAt: new Date('2026-09-05T17:00:00Z'),
} as const;

describe('invoiceRequestsOf', () => {
  test('per student a colegiatura CFDI and one of the rest; the late fee goes with the rest', () => {
    const requests = invoiceRequestsOf(source, [
      allocation({ order_id: 'o-1', late_fee_centavos: 150_00 }),
      allocation({ order_id: 'o-2', student_id: 's-2', base_centavos: 3_000_00 }),
      allocation({ order_id: 'o-3', concept_type: 'UNIFORMS_AND_MERCH', period: null }),
    ]);
    expect(requests.map((r) => [r.studentId, r.part, r.orderIds, r.totalCentavos])).toEqual([
      ['s-1', 'tuition', ['o-1'], 4_850_00],
      ['s-1', 'other', ['o-1', 'o-3'], 150_00 + 4_850_00],
      ['s-2', 'tuition', ['o-2'], 3_000_00],
    ]);
    expect(requests[1]!.lines[0]).toMatchObject({ base_centavos: 0, late_fee_centavos: 150_00 });
    expect(requests[0]).toMatchObject({ kind: 'payin', id: 'p-1', method: 'credit_card' });
    expect(requests[0]!.lines[0]).not.toHaveProperty('student_id');
  });

  test('an allocation of nothing is not invoiced, and a student paid nothing gets no invoice', () => {
    const requests = invoiceRequestsOf(source, [
      allocation({ student_id: 's-2', base_centavos: 0 }),
      allocation({ order_id: 'o-9' }),
    ]);
    expect(requests.map((r) => [r.studentId, r.part])).toEqual([['s-1', 'tuition']]);
  });
});

test('paidMethodOf: the method, or the payin type when it was left to define', () => {
  expect(paidMethodOf('CASH_IN', 'cash')).toBe('cash');
  expect(paidMethodOf('CARD', 'debit_card')).toBe('debit_card');
  expect(paidMethodOf('CARD', 'to_define')).toBe('credit_card');
  expect(paidMethodOf('CASH_IN', 'to_define')).toBe('cash');
  expect(paidMethodOf('TRANSFER_IN', 'to_define')).toBe('transfer');
});

test('lines say the concept and the month; a late fee is a line of its own without IEDU', () => {
  expect(periodLabel('2027-01')).toBe('enero 2027');
  expect(lineDescription(allocation({ late_fee_centavos: 1_234_50 }))).toBe(
    'Colegiatura septiembre 2026',
  );
  expect(lineDescription(allocation({ concept_name: 'Uniforme', period: null }))).toBe('Uniforme');
  const student = { fullName: 'Ana', level: 'elementary' } as const;
  const concept = { conceptType: 'MONTHLY_FEE', student } as const;
  expect(engineLines([allocation({ late_fee_centavos: 1 })], student)).toEqual([
    { ...concept, description: 'Colegiatura septiembre 2026', amountCentavos: 4_850_00 },
    {
      ...concept,
      description: 'Recargo por pago tardío: Colegiatura septiembre 2026',
      amountCentavos: 1,
      lateFee: true,
    },
  ]);
  expect(
    engineLines([allocation({ base_centavos: 0, late_fee_centavos: 2 })], student, 'Devolución'),
  ).toEqual([
    {
      ...concept,
      description: 'Devolución: Recargo por pago tardío: Colegiatura septiembre 2026',
      amountCentavos: 2,
      lateFee: true,
    },
  ]);
});
