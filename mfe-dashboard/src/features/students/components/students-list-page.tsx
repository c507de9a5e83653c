import { EDUCATION_LEVEL_LABELS } from '@cuota/contracts/enrolment/entities';
import type { StudentRow } from '@cuota/contracts/enrolment/student-list';
import { EmptyState } from '@cuota/ui/empty-state';
import { Spinner } from '@cuota/ui/spinner';
import { DataTable } from '@cuota/ui/data-table';
import { readError } from '@cuota/web-core/api/api-error';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { Page } from '@cuota/ui/page';
import { FormError, FormRow } from '@cuota/ui/form-pieces';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import {
  studentsExportUrl,
  useStudentFiltersQuery,
  useStudentsByLevelQuery,
} from '../api/students-api';
import { useUrlFilters } from '../../../components/use-url-filters';
import { PAGE_SIZE, readListParams } from '../utils/list-params';
import { StudentFilters } from './student-filters';
import { StudentStatusBadge } from './student-status-badge';

const COLUMNS = [
  {
    id: 'last_name',
    header: 'Alumno',
    sortable: true,
    cell: (s: StudentRow) => (
      <UtmLink to={`/dashboard/students/${s.id}`}>
        {s.last_name}, {s.first_name}
      </UtmLink>
    ),
  },
  { header: 'Matrícula', cell: (s: StudentRow) => s.enrolment_code ?? '—' },
  { header: 'Nivel', cell: (s: StudentRow) => EDUCATION_LEVEL_LABELS[s.level] },
  { header: 'Grupo', cell: (s: StudentRow) => s.section?.name ?? 'Sin grupo' },
  { header: 'Estatus', cell: (s: StudentRow) => <StudentStatusBadge status={s.status} /> },
];

/** One school's students: search, filters and pages answered by the server. */
export function StudentsListView({ schoolId }: { schoolId: string }) {
  const url = useUrlFilters(readListParams);
  const [params, go] = url;
  const { page, ...filters } = params;
  const list = useStudentsByLevelQuery({ schoolId, params });
  const options = useStudentFiltersQuery(schoolId);
  const data = list.currentData;
  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1;
  const descending = filters.ordering === '-last_name';

  return (
    <>
      <StudentFilters url={url} options={options.currentData} />
      <FormRow>
        <a href={studentsExportUrl(schoolId, filters)} download>
          Exportar a Excel
        </a>
        <UtmLink to="/dashboard/students/guardians">Tutores de la escuela</UtmLink>
      </FormRow>
      {list.isFetching && !data && <Spinner />}
      {list.error && <FormError>{readError(list.error).message}</FormError>}
      {data && data.results.length === 0 && (
        <EmptyState
          title="No hay alumnos que coincidan"
          description="Cambia la búsqueda o los filtros."
        />
      )}
      {data && data.results.length > 0 && (
        <>
          <DataTable<StudentRow>
            caption={`Alumnos (${data.count_is_capped ? `más de ${data.count.toLocaleString('es-MX')}` : data.count.toLocaleString('es-MX')})`}
            rows={data.results}
            rowKey={(s) => s.id}
            columns={COLUMNS}
            sort={{ column: 'last_name', direction: descending ? 'descending' : 'ascending' }}
            onSortChange={(sort) =>
              go({ ordering: sort.direction === 'descending' ? '-last_name' : undefined })
            }
            pagination={{
              page,
              // A capped count does not tell the last page: "Siguiente" asks for a full page.
              pageCount: data.count_is_capped ? null : pages,
              hasNext: data.results.length === PAGE_SIZE,
              onPageChange: (next) => go({ page: next }),
              label: 'Páginas de alumnos',
            }}
          />
        </>
      )}
    </>
  );
}

export function StudentsListPage() {
  const schoolId = useCurrentSchool().school?.id;
  return <Page title="Alumnos">{schoolId && <StudentsListView schoolId={schoolId} />}</Page>;
}
