import { EmptyState } from '@cuota/ui/empty-state';
import { PortalPage } from '../../components/portal-page';

export function PaymentHistoryRoute() {
  return (
    <PortalPage title="Historial de pagos">
      <EmptyState
        title="Aún no hay pagos registrados"
        description="Cada pago que hagas aparecerá aquí con su comprobante y su factura."
      />
    </PortalPage>
  );
}
