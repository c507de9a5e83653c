import { EmptyState } from '@cuota/ui/empty-state';
import { PageLayout } from '@cuota/ui/page-layout';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useSession } from '@cuota/web-core/session/use-session';
import { homeFor } from '../../features/session/utils/home-for';

export function NotFoundPage() {
  const home = homeFor(useSession().data?.user);
  return (
    <PageLayout title="Página no encontrada" narrow>
      <EmptyState
        title="No encontramos esta página"
        description="Revisa que la dirección esté completa. Si llegaste desde un enlace de tu escuela, pídele uno nuevo."
        action={<UtmLink to={home.to}>{home.label}</UtmLink>}
      />
    </PageLayout>
  );
}
