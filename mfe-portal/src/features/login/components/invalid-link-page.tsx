import { EmptyState } from '@cuota/ui/empty-state';
import { PageLayout } from '@cuota/ui/page-layout';

/** An unknown or revoked personal link: nothing about anyone is shown. */
export function InvalidLinkPage() {
  return (
    <div data-testid="not-found">
      <PageLayout title="Este enlace no es válido" surface="Portal de familias">
        <EmptyState
          title="No encontramos a nadie con este enlace"
          description="Puede estar incompleto o ya no estar vigente. Pide a tu escuela que te envíe tu enlace personal de nuevo."
        />
      </PageLayout>
    </div>
  );
}
