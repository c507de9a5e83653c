/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import type { Delinquency } from '@cuota/contracts/billing/delinquency';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { DelinquencyView } from './delinquency-page';

const SCHOOL = '6f1c1f1e-3b9a-4c55-9d1a-0d6b1c2e3f40';
const SECTION = '66666666-6666-4666-8666-666666666666';
const aging = (d0: number, d31: number, d61: number, d90: number) => ({
  '0_30': d0,
  '31_60': d31,
  '61_90': d61,
  '90_plus': d90,
  total: d0 + d31 + d61 + d90,
});
const report: Delinquency = {
  as_of: '2026-12-15',
  totals: { students: 3, ...aging(1_455_000, 1_500_000, 1_000_000, 2_900_000) },
  rows: [
    {
      level: 'elementary',
      section_id: SECTION,
      students: 2,
      ...aging(970_000, 1_000_000, 500_000, 2_000_000),
    },
    {
      level: 'middle',
      section_id: null,
      students: 1,
      ...aging(485_000, 500_000, 500_000, 900_000),
    },
  ],
};
const elementary = {
  id: 'lvl-elementary',
  level: 'elementary',
  name: 'Primaria',
  position: 0,
  active: true,
  label: 'Primaria',
  grades: [1, 2, 3, 4, 5, 6],
  sections: [
    {
      id: SECTION,
      school_id: SCHOOL,
      level_id: 'lvl-elementary',
      level: 'elementary',
      name: '1° A',
      grade: 1,
      capacity: null,
      students: 2,
    },
  ],
};
const render = () =>
  renderWithProviders(<DelinquencyView schoolId={SCHOOL} />, {
    url: '/d',
    path: '/d',
    session: staffSession(),
  });

test('Morosidad: the chart reads every bucket; the table each level and group, late fees in', async () => {
  stubFetch()
    .on('GET', `/api/v1/dashboard/schools/${SCHOOL}/delinquency/`, report)
    .on('GET', `/api/v1/dashboard/schools/${SCHOOL}/levels/`, [elementary]);
  render();
  expect(
    await screen.findByRole('img', {
      name: 'Vencido por antigüedad. 0–30 días: $14,550.00; 31–60 días: $15,000.00; 61–90 días: $10,000.00; Más de 90 días: $29,000.00.',
    }),
  ).toBeInTheDocument();
  expect(screen.getByText(/vencido de 3 alumnos, recargos incluidos/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Exportar a Excel' })).toHaveAttribute(
    'href',
    `/api/v1/dashboard/schools/${SCHOOL}/delinquency/xlsx/`,
  );
  // Every open order, one row each with its late fee as of today: a plain GET link.
  expect(screen.getByRole('link', { name: 'Cargos abiertos en Excel' })).toHaveAttribute(
    'href',
    `/api/v1/dashboard/schools/${SCHOOL}/fulfillments/xls_v2/?status=open`,
  );
  expect(screen.getByRole('link', { name: 'Todos los reportes (ZIP)' })).toHaveAttribute(
    'href',
    `/api/v1/dashboard/reports/zip/?school_id=${SCHOOL}`,
  );
  const table = await screen.findByRole('table', { name: 'Vencido por nivel y grupo' });
  await within(table).findByText('1° A'); // the group's name arrives with the school's levels
  const rows = within(table).getAllByRole('row').slice(1);
  expect(
    rows.map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ),
  ).toEqual([
    ['Primaria', '1° A', '2', '$9,700.00', '$10,000.00', '$5,000.00', '$20,000.00', '$44,700.00'],
    [
      'Secundaria',
      'Sin grupo',
      '1',
      '$4,850.00',
      '$5,000.00',
      '$5,000.00',
      '$9,000.00',
      '$23,850.00',
    ],
  ]);
});

test('Morosidad with nobody late says so', async () => {
  stubFetch()
    .on('GET', `/api/v1/dashboard/schools/${SCHOOL}/delinquency/`, {
      ...report,
      totals: { students: 0, ...aging(0, 0, 0, 0) },
      rows: [],
    })
    .on('GET', `/api/v1/dashboard/schools/${SCHOOL}/levels/`, []);
  render();
  expect(await screen.findByText('Nadie tiene adeudos vencidos')).toBeInTheDocument();
});

test("within a level, groups read in their names' order, not the order billing sent", async () => {
  const SECOND = '77777777-7777-4777-8777-777777777777';
  const tenth = { ...elementary.sections[0]!, id: SECOND, name: '10° A' };
  const unordered: Delinquency = {
    ...report,
    rows: [{ ...report.rows[0]!, section_id: SECOND }, report.rows[0]!, report.rows[1]!],
  };
  stubFetch()
    .on('GET', `/api/v1/dashboard/schools/${SCHOOL}/delinquency/`, unordered)
    .on('GET', `/api/v1/dashboard/schools/${SCHOOL}/levels/`, [
      { ...elementary, sections: [tenth, elementary.sections[0]] },
    ]);
  render();
  const table = await screen.findByRole('table', { name: 'Vencido por nivel y grupo' });
  await within(table).findByText('10° A');
  const groups = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1]!.textContent);
  expect(groups).toEqual(['1° A', '10° A', 'Sin grupo']);
});
