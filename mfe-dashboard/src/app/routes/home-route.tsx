import { Page } from '@cuota/ui/page';
import { useSession } from '@cuota/web-core/session/use-session';
import { SchoolOverview } from '../../features/school/components/school-overview';

/** Inicio: drawn from the session the shell already holds, with no request to wait for. */
export function HomeRoute() {
  const { data } = useSession();
  return <Page title="Inicio">{data && <SchoolOverview user={data.user} />}</Page>;
}
