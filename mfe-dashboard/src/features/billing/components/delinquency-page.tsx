import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  type Delinquency,
} from '@cuota/contracts/billing/delinquency';
import { EDUCATION_LEVEL_LABELS } from '@cuota/contracts/enrolment/entities';
import { DataTable, type DataColumn } from '@cuota/ui/data-table';
import { DateText } from '@cuota/ui/date-text';
import { EmptyState } from '@cuota/ui/empty-state';
import { ErrorState } from '@cuota/ui/error-state';
import { FormRow } from '@cuota/ui/form-pieces';
import { MoneyText } from '@cuota/ui/money-text';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { useLevelsWithSectionsQuery } from '@cuota/web-core/api/school-levels-api';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { delinquencyExportUrl, useDelinquencyQuery } from '../api/delinquency-api';
import { openOrdersExcelUrl, reportsZipUrl } from '../api/report-links';
import { AgingChart } from '../../../components/aging-chart';

type Row = Delinquency['rows'][number];

function columns(sectionName: (id: string) => string): DataColumn<Row>[] {
  return [
    { header: 'Nivel', cell: (r) => (r.level ? EDUCATION_LEVEL_LABELS[r.level] : 'Sin nivel') },
    { header: 'Grupo', cell: (r) => (r.section_id ? sectionName(r.section_id) : 'Sin grupo') },
    { header: 'Alumnos', align: 'end', cell: (r) => r.students },
    ...AGING_BUCKETS.map((bucket) => ({
      header: AGING_BUCKET_LABELS[bucket],
      align: 'end' as const,
      cell: (r: Row) => <MoneyText centavos={r[bucket]} />,
    })),
    { header: 'Total', align: 'end', cell: (r) => <MoneyText centavos={r.total} /> },
  ];
}

/** The school's overdue money by age: the chart of the totals, then each level and group. */
export function DelinquencyView({ schoolId }: { schoolId: string }) {
  const report = useDelinquencyQuery(schoolId);
  const levels = useLevelsWithSectionsQuery(schoolId).data ?? [];
  const names = new Map(levels.flatMap((l) => l.sections.map((s) => [s.id, s.name])));
  if (report.isLoading) return <Spinner label="Cargando morosidad…" />;
  if (report.error || !report.data)
    return (
      <ErrorState message={readError(report.error).message} onRetry={() => void report.refetch()} />
    );
  const { as_of, totals, rows } = report.data;
  const sectionName = (id: string) => names.get(id) ?? 'Grupo sin nombre';
  // Billing orders the levels; within one, groups read in their names' order (1° A, 1° B, 2° A).
  const levelRank = (r: Row) => rows.findIndex((other) => other.level === r.level);
  const groupName = (r: Row) => (r.section_id ? sectionName(r.section_id) : '');
  const sorted = [...rows].sort(
    (a, b) =>
      levelRank(a) - levelRank(b) ||
      groupName(a).localeCompare(groupName(b), 'es', { numeric: true }),
  );
  return (
    <>
      <FormRow>
        <p>
          Al <DateText date={as_of} />: <MoneyText centavos={totals.total} /> vencido de{' '}
          {totals.students} {totals.students === 1 ? 'alumno' : 'alumnos'}, recargos incluidos.
        </p>
        <a href={delinquencyExportUrl(schoolId)} download>
          Exportar a Excel
        </a>
        <a href={openOrdersExcelUrl(schoolId)} download>
          Cargos abiertos en Excel
        </a>
        <a href={reportsZipUrl(schoolId)} download>
          Todos los reportes (ZIP)
        </a>
      </FormRow>
      <AgingChart aging={totals} />
      <DataTable<Row>
        caption="Vencido por nivel y grupo"
        rows={sorted}
        rowKey={(r) => `${r.level ?? ''}|${r.section_id ?? ''}`}
        oneLineOnPhones
        empty={<EmptyState title="Nadie tiene adeudos vencidos" description="¡Al corriente!" />}
        columns={columns(sectionName)}
      />
    </>
  );
}

export function DelinquencyPage() {
  const schoolId = useCurrentSchool().school?.id;
  return <Page title="Morosidad">{schoolId && <DelinquencyView schoolId={schoolId} />}</Page>;
}
