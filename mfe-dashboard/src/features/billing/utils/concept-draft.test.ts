import {
  draftOf,
  EMPTY_DRAFT,
  monthsFrom,
  percentToBasisPoints,
  toCreateConcept,
  toUpdateConcept,
} from './concept-draft';

const SCHOOL = '6f1c1f1e-3b9a-4c55-9d1a-0d6b1c2e3f40';

test('months run across the new year', () => {
  expect(monthsFrom('2026-11', 3)).toEqual(['2026-11', '2026-12', '2027-01']);
  expect(monthsFrom('noviembre', 3)).toEqual([]);
});

test('a percentage becomes basis points without floats', () => {
  expect(percentToBasisPoints('5')).toBe(500);
  expect(percentToBasisPoints('2.5')).toBe(250);
  expect(percentToBasisPoints('0,07')).toBe(7);
  expect(percentToBasisPoints('abc')).toBeNaN();
});

test('a monthly fee with a percentage late fee becomes the create body', () => {
  const result = toCreateConcept(SCHOOL, {
    ...EMPTY_DRAFT,
    name: 'Colegiatura',
    price_centavos: 250_000,
    level: 'elementary',
    first_period: '2026-09',
    months: '2',
    due_day: '10',
    late_fee_kind: 'PERCENT',
    late_fee_percent: '5',
    grace_days: '5',
    cap_centavos: 50_000,
  });
  expect(result).toEqual({
    concept: {
      school_id: SCHOOL,
      name: 'Colegiatura',
      concept_type: 'MONTHLY_FEE',
      recurrence: 'MONTHLY',
      price_centavos: 250_000,
      level: 'elementary',
      periods: ['2026-09', '2026-10'],
      due_day: 10,
      late_fee: { kind: 'PERCENT', basis_points: 500, grace_days: 5, cap_centavos: 50_000 },
      early_payment: null,
      // The form names no cycle or visibility yet: a root concept families see.
      cycle_id: null,
      visibility: 'PUBLIC',
    },
  });
});

test('what is missing is said beside its field, money in pesos', () => {
  const result = toCreateConcept(SCHOOL, {
    ...EMPTY_DRAFT,
    due_day: '31',
    late_fee_kind: 'FIXED',
    late_fee_centavos: 0,
  });
  expect(result).toEqual({
    problems: {
      name: 'Escribe el nombre del concepto.',
      price_centavos: 'Escribe una cantidad en pesos, por ejemplo 1,250.00.',
      first_period: 'Elige al menos un mes.',
      due_day: 'El día de vencimiento va del 1 al 28.',
      late_fee_centavos: 'Escribe una cantidad mayor que $0.00.',
    },
  });
  const tooBig = toCreateConcept(SCHOOL, { ...EMPTY_DRAFT, price_centavos: 1_000_000_001 });
  expect(tooBig).toMatchObject({ problems: { price_centavos: 'Como máximo $10,000,000.00.' } });
  expect(JSON.stringify(tooBig)).not.toMatch(/centavos\./);
});

test('an edit keeps the late fee as it was saved and sends only what may change', () => {
  const draft = draftOf({
    id: 'c-1',
    school_id: SCHOOL,
    name: 'Colegiatura',
    concept_type: 'MONTHLY_FEE',
    recurrence: 'MONTHLY',
    price_centavos: 250_000,
    level: null,
    periods: ['2026-09'],
    due_day: 10,
    due_on: null,
    late_fee: { kind: 'PERCENT', basis_points: 250, grace_days: 3, cap_centavos: null },
    early_payment: null,
    active: true,
    cycle_id: null,
    visibility: 'PUBLIC',
    auto_assign: false,
    orders: 12,
    created_at: '2026-08-01T00:00:00.000Z',
  });
  expect(draft.late_fee_percent).toBe('2.50');
  expect(toUpdateConcept({ ...draft, price_centavos: 260_000 })).toEqual({
    changes: {
      name: 'Colegiatura',
      price_centavos: 260_000,
      late_fee: { kind: 'PERCENT', basis_points: 250, grace_days: 3, cap_centavos: null },
      visibility: 'PUBLIC',
      cycle_id: null,
    },
  });
});
