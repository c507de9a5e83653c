import type { InvoiceLineRecord } from './invoice-request-rules';
import {
  ComplementBeingStamped,
  reversedComplementDecisions,
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
