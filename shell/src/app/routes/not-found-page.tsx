import { EmptyState } from '@cuota/ui/empty-state';
import { PageLayout } from '@cuota/ui/page-layout';
import { UtmLink } from '@cuota/web-core/routing/utm-link';

export function NotFoundPage() {
  return (
    <PageLayout title="Página no encontrada">
      <EmptyState
        title="No encontramos esta página"
        description="Revisa que la dirección esté completa. Si llegaste desde un enlace de tu escuela, pídele uno nuevo."
        action={<UtmLink to="/">Ir al inicio</UtmLink>}
      />
    </PageLayout>
  );
}
