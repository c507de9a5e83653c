import { StatusBadge } from '@cuota/ui/status-badge';
import { VisuallyHidden } from '@cuota/ui/visually-hidden';
import { useOrderInvoiceQuery } from '../api/portal-payments-api';

/** An order's CFDI: its XML and PDF once stamped, or where it stands (and why it failed). */
export function InvoiceLinks({
  studentId,
  orderId,
  label,
}: {
  studentId: string;
  orderId: string;
  label: string;
}) {
  const invoice = useOrderInvoiceQuery({ studentId, orderId });
  const data = invoice.data;
  if (!data) return invoice.isLoading ? <span>Consultando factura…</span> : null;
  if (data.xml_url && data.pdf_url) {
    return (
      <span>
        Factura:{' '}
        <a href={data.xml_url} download>
          XML<VisuallyHidden> de {label}</VisuallyHidden>
        </a>{' '}
        ·{' '}
        <a href={data.pdf_url} target="_blank" rel="noreferrer">
          PDF<VisuallyHidden> de {label}</VisuallyHidden>
        </a>
      </span>
    );
  }
  return (
    <span>
      Factura: <StatusBadge kind="request" status={data.status} />
      {data.error && <> {data.error.message}</>}
    </span>
  );
}
