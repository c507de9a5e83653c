import type { GuardianRow } from '@cuota/contracts/enrolment/guardian-profile';
import { Button } from '@cuota/ui/button';
import { EmptyState } from '@cuota/ui/empty-state';
import { FormError } from '@cuota/ui/form-pieces';
import { Page } from '@cuota/ui/page';
import { readError } from '@cuota/web-core/api/api-error';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { FilteredPagedList } from '../../../components/filtered-paged-list';
import { useUrlFilters } from '../../../components/use-url-filters';
import {
  useLazyGuardianPortalUrlQuery,
  useSchoolGuardiansQuery,
  type GuardianFilters,
} from '../api/students-api';
import { PAGE_SIZE } from '../utils/list-params';

type GuardianSearch = Omit<GuardianFilters, 'page'>;

const readFilters = (search: URLSearchParams): GuardianSearch => ({
  search: search.get('search') || undefined,
});

/** The school's guardians, searched and paged by the server, with each one's portal link. */
export function SchoolGuardiansView({ schoolId }: { schoolId: string }) {
  const url = useUrlFilters(readFilters);
  const list = useSchoolGuardiansQuery({ schoolId, filters: url[0] });
  const [portalUrl, portal] = useLazyGuardianPortalUrlQuery();
  const columns = [
    { header: 'Nombre', cell: (g: GuardianRow) => `${g.last_name}, ${g.first_name}` },
    { header: 'Correo', cell: (g: GuardianRow) => g.email ?? '—' },
    { header: 'RFC', cell: (g: GuardianRow) => g.tax_id ?? '—' },
    { header: 'Alumnos', cell: (g: GuardianRow) => g.students_count },
    {
      header: 'Portal',
      cell: (g: GuardianRow) => (
        <Button variant="ghost" onClick={() => portalUrl({ schoolId, guardianId: g.id })}>
          Ver enlace
        </Button>
      ),
    },
  ];
  return (
    <>
      <UtmLink to="/dashboard/students">Volver a alumnos</UtmLink>
      <FilteredPagedList<GuardianRow, GuardianSearch>
        url={url}
        search={{ name: 'Buscar tutores', label: 'Buscar tutor', hint: 'Nombre, correo o RFC' }}
        query={list}
        noun="tutores"
        columns={columns}
        rowKey={(g) => g.id}
        empty={{ title: 'No hay tutores que coincidan', description: 'Cambia la búsqueda.' }}
        pageSize={PAGE_SIZE}
      >
        {portal.error && <FormError>{readError(portal.error).message}</FormError>}
        {portal.currentData && (
          <p>
            Enlace del portal: <code>{portal.currentData.portal_url}</code>
          </p>
        )}
      </FilteredPagedList>
    </>
  );
}

export function SchoolGuardiansPage() {
  const schoolId = useCurrentSchool().school?.id;
  const granted = useGrant('guardians.read');
  return (
    <Page title="Tutores">
      {!granted && (
        <EmptyState
          title="Tu rol no puede ver a los tutores de la escuela"
          description="Sus datos de contacto y fiscales son para quien atiende a las familias o factura."
        />
      )}
      {schoolId && granted && <SchoolGuardiansView schoolId={schoolId} />}
    </Page>
  );
}
