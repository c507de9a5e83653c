import { Button } from '@cuota/ui/button';
import { EmptyState } from '@cuota/ui/empty-state';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { DashboardPage } from '../../components/dashboard-page';
import { useCurrentUserQuery } from '../../features/school/api/school-api';
import { SchoolOverview } from '../../features/school/components/school-overview';

export function HomeRoute() {
  const me = useCurrentUserQuery();
  return (
    <DashboardPage title="Inicio">
      {me.isLoading && <Spinner />}
      {me.error && (
        <EmptyState
          title={readError(me.error).message}
          action={<Button onClick={() => void me.refetch()}>Reintentar</Button>}
        />
      )}
      {me.data && <SchoolOverview user={me.data} />}
    </DashboardPage>
  );
}
