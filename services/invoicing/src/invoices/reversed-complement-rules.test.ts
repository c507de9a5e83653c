import type { InvoiceLineRecord } from './invoice-request-rules';
import {
  ComplementBeingStamped,
  reversedComplementDecisions,
  sharedComplementDecision,
  type ReversibleComplement,
} from './reversed-complement-rules';

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
const complement = (over: Partial<ReversibleComplement> = {}): ReversibleComplement => ({
  id: 'p-1',
  studentId: 's1',
  part: 'tuition',
  status: 'success',
  beingStamped: false,
  lines: [line('o1', 3_000_00)],
  totalCentavos: 3_000_00,
  ...over,
});
const back = (order: string, base: number, lateFee = 0, student = 's1') => ({
  ...line(order, base, lateFee),
  student_id: student,
});

test('all of it given back: a stamped complement is cancelled, an unsent one withdrawn', () => {
  const stamped = complement();
  expect(reversedComplementDecisions([back('o1', 3_000_00, 150_00)], [stamped])).toEqual([
    { action: 'cancel', complement: stamped },
  ]);
  const pending = complement({ status: 'pending' });
  expect(reversedComplementDecisions([back('o1', 3_000_00)], [pending])).toEqual([
    { action: 'withdraw', complement: pending },
  ]);
});

test('part given back: the complement is restated for what was kept (the late fee aside)', () => {
  const stamped = complement();
  expect(reversedComplementDecisions([back('o1', 1_000_00, 150_00)], [stamped])).toEqual([
    { action: 'substitute', complement: stamped, kept: [line('o1', 2_000_00)] },
  ]);
  const failed = complement({ status: 'failed' });
  expect(reversedComplementDecisions([back('o1', 1_000_00)], [failed])).toEqual([
    { action: 'replace', complement: failed, kept: [line('o1', 2_000_00)] },
  ]);
});

test('another order, student or part, a late fee only, or a cancelled complement: nothing', () => {
  const stamped = complement();
  const others = [
    back('o2', 3_000_00),
    back('o1', 3_000_00, 0, 's2'),
    back('o1', 0, 150_00),
    { ...back('o1', 3_000_00), concept_type: 'BOOKS_AND_MATERIALS' as const },
  ];
  expect(reversedComplementDecisions(others, [stamped])).toEqual([]);
  const canceled = complement({ status: 'canceling' });
  expect(reversedComplementDecisions([back('o1', 3_000_00)], [canceled])).toEqual([]);
});

test('one at the PAC right now: the reversal waits for its answer (the event is retried)', () => {
  const atPac = complement({ status: 'pending', beingStamped: true });
  expect(() => reversedComplementDecisions([back('o1', 100)], [atPac])).toThrow(
    ComplementBeingStamped,
  );
});

describe('a CFDI de pago carrying two PPD invoices (one per child)', () => {
  const ana = complement({ id: 'p-ana', lines: [line('oa', 2_000_00)], totalCentavos: 2_000_00 });
  const beto = complement({
    id: 'p-beto',
    studentId: 's2',
    lines: [line('ob', 1_200_00)],
    totalCentavos: 1_200_00,
  });
  const shared = (allocations: ReturnType<typeof back>[], members = [ana, beto]) =>
    sharedComplementDecision(members, reversedComplementDecisions(allocations, members));

  test('everything back: the one CFDI is cancelled (or withdrawn unsent)', () => {
    const all = [back('oa', 2_000_00), back('ob', 1_200_00, 0, 's2')];
    expect(shared(all)).toEqual({ action: 'cancel' });
    const unsent = [
      { ...ana, status: 'pending' as const },
      { ...beto, status: 'pending' as const },
    ];
    expect(shared(all, unsent)).toEqual({ action: 'withdraw' });
  });

  test('one child’s payment back: the CFDI is restated with the other’s document only', () => {
    expect(shared([back('ob', 1_200_00, 0, 's2')])).toEqual({
      action: 'substitute',
      kept: [{ complement: ana, lines: ana.lines }],
    });
  });

  test('part of one back: both documents restated, that one for what was kept', () => {
    expect(shared([back('oa', 500_00)])).toEqual({
      action: 'substitute',
      kept: [
        { complement: ana, lines: [line('oa', 1_500_00)] },
        { complement: beto, lines: beto.lines },
      ],
    });
  });

  test('nothing of it reversed: nothing; its carrier at the PAC: decided after it answers', () => {
    expect(shared([back('ox', 100_00)])).toBeNull();
    const sending = [{ ...ana, status: 'pending' as const, beingStamped: true }, beto];
    expect(() =>
      sharedComplementDecision(sending, [{ action: 'replace', complement: beto, kept: [] }]),
    ).toThrow(ComplementBeingStamped);
  });
});
