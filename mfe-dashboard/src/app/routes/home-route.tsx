import { ErrorState } from '@cuota/ui/error-state';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { useCurrentUserQuery } from '../../features/school/api/school-api';
import { SchoolOverview } from '../../features/school/components/school-overview';

export function HomeRoute() {
  const me = useCurrentUserQuery();
  return (
    <Page title="Inicio">
      {me.isLoading && <Spinner label="Cargando tus escuelas…" />}
      {me.error && (
        <ErrorState
          title="No pudimos cargar tus escuelas"
          message={readError(me.error).message}
          onRetry={() => void me.refetch()}
        />
      )}
      {me.data && <SchoolOverview user={me.data} />}
    </Page>
  );
}
