import { Notice } from '@cuota/ui/notice';
import { Page } from '@cuota/ui/page';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { storePath } from '../utils/store-paths';

/**
 * /store/:schoolId/pago — the stock was checked; paying (reservation, gateway's hosted form)
 * belongs to the payments checkout (ADR 0063), which the store does not call yet.
 */
export function CheckoutPage({ schoolId }: { schoolId: string }) {
  return (
    <Page title="Pago">
      <Notice>
        Tus artículos están disponibles. El pago en línea de la tienda estará disponible muy pronto;
        mientras tanto, tu carrito queda guardado en este navegador.
      </Notice>
      <p>
        <UtmLink to={storePath(schoolId, 'carrito')}>Volver al carrito</UtmLink>
      </p>
    </Page>
  );
}
