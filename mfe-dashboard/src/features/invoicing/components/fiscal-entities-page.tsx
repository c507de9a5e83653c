import { EmptyState } from '@cuota/ui/empty-state';
import { Page } from '@cuota/ui/page';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { useFiscalEntitiesQuery } from '../api/fiscal-entities-api';
import { FiscalEntityCard } from './fiscal-entity-card';
import { FiscalEntityForm } from './fiscal-entity-form';

/** The school's razones sociales and their CSD; who may invoice registers or renews them. */
export function FiscalEntitiesView({
  schoolId,
  canWrite,
}: {
  schoolId: string;
  canWrite: boolean;
}) {
  const entities = useFiscalEntitiesQuery(schoolId);
  const list = entities.data?.results;
  return (
    <>
      {list?.length === 0 && (
        <EmptyState
          title="La escuela aún no puede facturar"
          description="Registra su razón social y su certificado de sello digital (CSD) del SAT."
        />
      )}
      {list?.map((entity) => (
        <FiscalEntityCard key={entity.id} entity={entity} />
      ))}
      {canWrite && <FiscalEntityForm schoolId={schoolId} />}
    </>
  );
}

export function FiscalEntitiesPage() {
  const schoolId = useCurrentSchool().school?.id;
  const canWrite = useGrant('invoicing.write');
  return (
    <Page title="Datos fiscales">
      <ReadOnlyNote permission="invoicing.write" action="registrar razones sociales ni CSD" />
      {schoolId && <FiscalEntitiesView schoolId={schoolId} canWrite={canWrite} />}
    </Page>
  );
}
