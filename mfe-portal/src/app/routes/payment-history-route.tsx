import { EmptyState } from '@cuota/ui/empty-state';
import { Page } from '@cuota/ui/page';

export function PaymentHistoryRoute() {
  return (
    <Page title="Historial de pagos">
      <EmptyState
        title="Aún no hay pagos registrados"
        description="Cada pago que hagas aparecerá aquí con su comprobante y su factura."
      />
    </Page>
  );
}
