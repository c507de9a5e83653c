import { EmptyState } from '@cuota/ui/empty-state';
import { Page } from '@cuota/ui/page';

/** /store: the school store's front page. The catalogue is not published yet. */
export function StorefrontPage() {
  return (
    <Page title="Tienda escolar">
      <p>Uniformes, libros y material de tu escuela, con entrega en el plantel.</p>
      <EmptyState
        title="Aún no hay productos disponibles"
        description="Cuando tu escuela publique sus artículos, los encontrarás aquí."
      />
    </Page>
  );
}
