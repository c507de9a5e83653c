import { filterOptionsOf, type FilterCount } from './student-list-rules';

/** A GROUPING SETS row: only the grouped columns are set. */
const row = (dimension: number, n: number, values: Partial<FilterCount>): FilterCount => ({
  level_id: null,
  section_id: null,
  status: null,
  gender: null,
  billing: null,
  dimension,
  n,
  ...values,
});

const levels = [
  { id: 'L1', level: 'pre-school', name: 'Kinder' },
  { id: 'L2', level: 'elementary', name: 'Primaria' },
  { id: 'L3', level: 'high', name: 'Prepa' },
];
const sections = [
  { id: 'S1', name: '1° A', levelId: 'L2' },
  { id: 'S2', name: '2° A', levelId: 'L2' },
];

test('each filter lists the values present, named, with their counts', () => {
  const options = filterOptionsOf(
    [
      row(0b01111, 3, { level_id: 'L1' }),
      row(0b01111, 7, { level_id: 'L2' }),
      row(0b00111, 4, { level_id: 'L2', section_id: 'S1' }),
      row(0b00111, 3, { level_id: 'L2', section_id: null }),
      row(0b11011, 2, { status: 'lead' }),
      row(0b11011, 8, { status: 'active' }),
      row(0b11101, 6, { gender: 'F' }),
      row(0b11101, 4, { gender: null }),
      row(0b11110, 9, { billing: true }),
      row(0b11110, 1, { billing: false }),
    ],
    levels,
    sections,
  );
  expect(options).toEqual({
    // Prepa has no students, 2° A neither: a filter never offers an empty list.
    levels: [
      { value: 'pre-school', label: 'Preescolar', count: 3 },
      { value: 'elementary', label: 'Primaria', count: 7 },
    ],
    sections: [{ value: 'S1', label: '1° A', level: 'elementary', count: 4 }],
    // Most common first.
    statuses: [
      { value: 'active', label: 'Activo', count: 8 },
      { value: 'lead', label: 'Prospecto', count: 2 },
    ],
    // Students without a gender are not a value to filter by.
    genders: [{ value: 'F', label: 'Femenino', count: 6 }],
    billing_guardian: [
      { value: true, label: 'Con tutor de facturación', count: 9 },
      { value: false, label: 'Sin tutor de facturación', count: 1 },
    ],
  });
});

test('a school without students offers no values', () => {
  expect(filterOptionsOf([], levels, sections)).toEqual({
    levels: [],
    sections: [],
    statuses: [],
    genders: [],
    billing_guardian: [],
  });
});
