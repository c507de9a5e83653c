import { useState, type FormEvent } from 'react';
import type { DueOrderStudent, DueStatus } from '@cuota/contracts/billing/orders';
import { EDUCATION_LEVEL_LABELS, type EducationLevel } from '@cuota/contracts/enrolment/entities';
import { Button } from '@cuota/ui/button';
import { DateText } from '@cuota/ui/date-text';
import { FieldLabel, FormError, FormRow, Select } from '@cuota/ui/form-pieces';
import { MoneyText } from '@cuota/ui/money-text';
import { Page } from '@cuota/ui/page';
import { StatusBadge } from '@cuota/ui/status-badge';
import { TextField } from '@cuota/ui/text-field';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { PagedList } from '../../../components/paged-list';
import { useUrlFilters } from '../../../components/use-url-filters';
import {
  downloadDueOrders,
  DUE_PAGE_SIZE,
  useDueOrderFiltersQuery,
  useDueOrderStudentsQuery,
  type DueFilters,
} from '../api/billing-api';

const COLUMNS = [
  {
    header: 'Alumno',
    cell: (s: DueOrderStudent) => (
      <UtmLink to={`/dashboard/due/${s.student_id}`}>
        {s.last_name}, {s.first_name}
      </UtmLink>
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

function readFilters(search: URLSearchParams): DueFilters {
  return {
    page: Math.max(1, Number(search.get('page')) || 1),
    search: search.get('search') || undefined,
    level: (search.get('level') || undefined) as EducationLevel | undefined,
    due_status: (search.get('due_status') || undefined) as DueStatus | undefined,
  };
}

/** Students with open orders: filters, totals, server paging and the Excel export. */
export function DueOrdersView({ schoolId }: { schoolId: string }) {
  const [filters, go] = useUrlFilters(readFilters);
  const [text, setText] = useState(filters.search ?? '');
  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const list = useDueOrderStudentsQuery({ schoolId, filters });
  const options = useDueOrderFiltersQuery(schoolId).data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ search: text.trim() || undefined, page: 1 });
  };
  const download = () => {
    setExportProblem(null);
    const { page: _page, ...rest } = filters;
    downloadDueOrders(schoolId, rest).catch(() =>
      setExportProblem('No pudimos generar el archivo. Intenta de nuevo.'),
    );
  };

  return (
    <>
      <form role="search" aria-label="Buscar adeudos" onSubmit={submit}>
        <FormRow>
          <TextField
            label="Buscar"
            hint="Nombre del alumno"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="submit" variant="secondary">
            Buscar
          </Button>
          <FieldLabel>
            Nivel
            <Select
              value={filters.level ?? ''}
              onChange={(e) =>
                go({ level: (e.target.value || undefined) as EducationLevel, page: 1 })
              }
            >
              <option value="">Todos</option>
              {options?.levels.map((l) => (
                <option key={l.level} value={l.level}>
                  {l.label} ({l.students})
                </option>
              ))}
            </Select>
          </FieldLabel>
          <FieldLabel>
            Situación
            <Select
              value={filters.due_status ?? ''}
              onChange={(e) =>
                go({ due_status: (e.target.value || undefined) as DueStatus, page: 1 })
              }
            >
              <option value="">Todas</option>
              {options?.due_statuses.map((s) => (
                <option key={s.status} value={s.status}>
                  {s.label} ({s.students})
                </option>
              ))}
            </Select>
          </FieldLabel>
        </FormRow>
      </form>
      <FormRow>
        {options && (
          <p>
            Saldo total: <MoneyText centavos={options.totals.pending_centavos} /> · Vencido:{' '}
            <MoneyText centavos={options.totals.overdue_centavos} />
          </p>
        )}
        <Button variant="secondary" onClick={download}>
          Exportar a Excel
        </Button>
      </FormRow>
      {exportProblem && <FormError>{exportProblem}</FormError>}
      <PagedList<DueOrderStudent>
        query={list}
        noun="adeudos"
        title="Alumnos con adeudos"
        columns={COLUMNS}
        rowKey={(s) => s.student_id}
        empty={{
          title: 'Nadie debe nada con estos filtros',
          description: 'Cambia la búsqueda o los filtros.',
        }}
        page={filters.page}
        pageSize={DUE_PAGE_SIZE}
        onPageChange={(page) => go({ page })}
      />
    </>
  );
}

export function DueOrdersPage() {
  const schoolId = useCurrentSchool().school?.id;
  return <Page title="Adeudos">{schoolId && <DueOrdersView schoolId={schoolId} />}</Page>;
}
