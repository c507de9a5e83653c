import { useState, type FormEvent } from 'react';
import type { GuardianRow } from '@cuota/contracts/enrolment/guardian-profile';
import { Button } from '@cuota/ui/button';
import { EmptyState } from '@cuota/ui/empty-state';
import { Spinner } from '@cuota/ui/spinner';
import { DataTable } from '@cuota/ui/data-table';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { Page } from '@cuota/ui/page';
import { FormError, FormRow } from '@cuota/ui/form-pieces';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { useLazyGuardianPortalUrlQuery, useSchoolGuardiansQuery } from '../api/students-api';
import { PAGE_SIZE } from '../utils/list-params';

/** The school's guardians, searched and paged by the server, with each one's portal link. */
export function SchoolGuardiansView({ schoolId }: { schoolId: string }) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useSchoolGuardiansQuery({ schoolId, search, page });
  const [portalUrl, portal] = useLazyGuardianPortalUrlQuery();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
    setPage(1);
  };
  const data = list.currentData;
  return (
    <>
      <UtmLink to="/dashboard/students">Volver a alumnos</UtmLink>
      <form role="search" aria-label="Buscar tutores" onSubmit={submit}>
        <FormRow>
          <TextField
            label="Buscar tutor"
            hint="Nombre, correo o RFC"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <Button type="submit" variant="secondary">
            Buscar
          </Button>
        </FormRow>
      </form>
      {list.isFetching && !data && <Spinner />}
      {list.error && <FormError>{readError(list.error).message}</FormError>}
      {portal.error && <FormError>{readError(portal.error).message}</FormError>}
      {portal.currentData && (
        <p>
          Enlace del portal: <code>{portal.currentData.portal_url}</code>
        </p>
      )}
      {data && data.results.length === 0 && <EmptyState title="No hay tutores que coincidan" />}
      {data && data.results.length > 0 && (
        <>
          <DataTable<GuardianRow>
            caption={`Tutores (${data.count})`}
            rows={data.results}
            rowKey={(g) => g.id}
            columns={[
              { header: 'Nombre', cell: (g) => `${g.last_name}, ${g.first_name}` },
              { header: 'Correo', cell: (g) => g.email ?? '—' },
              { header: 'RFC', cell: (g) => g.tax_id ?? '—' },
              { header: 'Alumnos', cell: (g) => g.students_count },
              {
                header: 'Portal',
                cell: (g) => (
                  <Button variant="ghost" onClick={() => portalUrl({ schoolId, guardianId: g.id })}>
                    Ver enlace
                  </Button>
                ),
              },
            ]}
          />
          <FormRow>
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Anterior
            </Button>
            <span>Página {page}</span>
            <Button
              variant="secondary"
              disabled={page * PAGE_SIZE >= data.count}
              onClick={() => setPage(page + 1)}
            >
              Siguiente
            </Button>
          </FormRow>
        </>
      )}
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
