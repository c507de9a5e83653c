import { EmptyState } from '@cuota/ui/empty-state';
import { PageLayout } from '@cuota/ui/page-layout';

/** Spec §2: shown when the browser does not let the page use local storage. */
export function CookiesErrorPage() {
  return (
    <PageLayout title="Activa las cookies para continuar" narrow>
      <EmptyState
        title="Tu navegador está bloqueando el almacenamiento local"
        description="Cuota lo necesita para mantener tu sesión segura. Activa las cookies y el almacenamiento de sitios en la configuración de tu navegador (o sal del modo privado) y vuelve a abrir tu enlace."
      />
    </PageLayout>
  );
}
