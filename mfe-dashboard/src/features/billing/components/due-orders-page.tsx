import { useState } from 'react';
import styled from 'styled-components';
import type { DueOrderStudent } from '@cuota/contracts/billing/orders';
import { EDUCATION_LEVEL_LABELS } from '@cuota/contracts/enrolment/entities';
import { Button } from '@cuota/ui/button';
import { CellNote } from '@cuota/ui/cell-note';
import { DateText } from '@cuota/ui/date-text';
import { FilterSelect } from '@cuota/ui/filter-select';
import { FormError, FormRow } from '@cuota/ui/form-pieces';
import { MoneyText } from '@cuota/ui/money-text';
import { Page } from '@cuota/ui/page';
import { StatusBadge } from '@cuota/ui/status-badge';
import { wide } from '@cuota/ui/theme';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { FilteredPagedList } from '../../../components/filtered-paged-list';
import { bindFilter, useUrlFilters } from '../../../components/use-url-filters';
import {
  downloadDueOrders,
  DUE_PAGE_SIZE,
  readDueFilters,
  type DueSearch,
  useDueOrderFiltersQuery,
  useDueOrderStudentsQuery,
} from '../api/due-orders-api';

/**
 * Eight columns share 1280 px: without a floor the names took what the amounts left and wrapped
 * onto three lines; with 10em, two at most. The matrícula is the name's second line (its own
 * column pushed «Estatus» out of the card at 1280). Phones keep the table's own layout.
 */
const StudentName = styled.span`
  ${wide} {
    display: inline-block;
    min-width: 10em;
  }
`;

const COLUMNS = [
  {
    header: 'Alumno',
    cell: (s: DueOrderStudent) => (
      <StudentName>
        <UtmLink to={`/dashboard/due/${s.student_id}`}>
          {s.last_name}, {s.first_name}
        </UtmLink>
        {s.enrolment_code && <CellNote>Matrícula {s.enrolment_code}</CellNote>}
      </StudentName>
    ),
  },
  { header: 'Nivel', cell: (s: DueOrderStudent) => EDUCATION_LEVEL_LABELS[s.level] },
  { header: 'Órdenes', align: 'end' as const, cell: (s: DueOrderStudent) => s.open_orders },
  {
    header: 'Saldo',
    align: 'end' as const,
    cell: (s: DueOrderStudent) => <MoneyText centavos={s.pending_centavos} />,
  },
  {
    header: 'Recargos',
    align: 'end' as const,
    cell: (s: DueOrderStudent) => <MoneyText centavos={s.late_fee_centavos} />,
  },
  {
    header: 'Vencido',
    align: 'end' as const,
    cell: (s: DueOrderStudent) => <MoneyText centavos={s.overdue_centavos} />,
  },
  {
    header: 'Más antigua',
    cell: (s: DueOrderStudent) => (s.oldest_due_on ? <DateText date={s.oldest_due_on} /> : '—'),
  },
  {
    header: 'Estatus',
    cell: (s: DueOrderStudent) => <StatusBadge kind="due" status={s.due_status} />,
  },
];

/** Students with open orders: filters, totals, server paging and the Excel export. */
export function DueOrdersView({ schoolId }: { schoolId: string }) {
  const url = useUrlFilters(readDueFilters);
  const [filters] = url;
  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const list = useDueOrderStudentsQuery({ schoolId, filters });
  const options = useDueOrderFiltersQuery(schoolId).data;
  const levelOptions = (options?.levels ?? []).map((l) => ({
    ...l,
    value: l.level,
    count: l.students,
  }));
  const statusOptions = (options?.due_statuses ?? []).map((s) => ({
    ...s,
    value: s.status,
    count: s.students,
  }));
  const download = () => {
    setExportProblem(null);
    const { page: _page, ...rest } = filters;
    downloadDueOrders(schoolId, rest).catch(() =>
      setExportProblem('No pudimos generar el archivo. Intenta de nuevo.'),
    );
  };

  return (
    <FilteredPagedList<DueOrderStudent, DueSearch>
      url={url}
      search={{ name: 'Buscar adeudos', hint: 'Nombre o matrícula del alumno' }}
      filters={
        <>
          <FilterSelect label="Nivel" options={levelOptions} {...bindFilter(url, 'level')} />
          <FilterSelect
            label="Situación"
            all="Todas"
            options={statusOptions}
            {...bindFilter(url, 'due_status')}
          />
        </>
      }
      query={list}
      noun="adeudos"
      title="Alumnos con adeudos"
      columns={COLUMNS}
      rowKey={(s) => s.student_id}
      empty={{
        title: 'Nadie debe nada con estos filtros',
        description: 'Cambia la búsqueda o los filtros.',
      }}
      pageSize={DUE_PAGE_SIZE}
    >
      <FormRow>
        {options && (
          <p>
            Saldo total sin recargos: <MoneyText centavos={options.totals.pending_centavos} /> ·
            Vencido sin recargos: <MoneyText centavos={options.totals.overdue_centavos} />
          </p>
        )}
        <Button variant="secondary" onClick={download}>
          Exportar a Excel
        </Button>
      </FormRow>
      {exportProblem && <FormError>{exportProblem}</FormError>}
    </FilteredPagedList>
  );
}

export function DueOrdersPage() {
  const schoolId = useCurrentSchool().school?.id;
  return <Page title="Adeudos">{schoolId && <DueOrdersView schoolId={schoolId} />}</Page>;
}
