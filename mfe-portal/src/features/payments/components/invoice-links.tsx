import type { RequestStatus } from '@cuota/contracts/payments/payins';
import { InvoiceStatus } from '@cuota/ui/invoice-status';
import { VisuallyHidden } from '@cuota/ui/visually-hidden';
import { portalPaymentsApi, useOrderInvoiceQuery } from '../api/portal-payments-api';

/** How often the history asks again about a CFDI on its way (stamping takes seconds). */
export const INVOICE_POLL_MS = 2000;
/** A paid order's CFDI is on its way until it is stamped or fails. */
const ON_ITS_WAY: RequestStatus[] = ['not_requested', 'pending'];

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
  const args = { studentId, orderId };
  // What is cached decides whether to keep asking: a CFDI on its way is asked about again,
  // so the history opened right after paying sees it arrive.
  const cached = portalPaymentsApi.endpoints.orderInvoice.useQueryState(args);
  const onItsWay = !cached.isError && (!cached.data || ON_ITS_WAY.includes(cached.data.status));
  const invoice = useOrderInvoiceQuery(args, {
    pollingInterval: onItsWay ? INVOICE_POLL_MS : 0,
  });
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
      Factura: <InvoiceStatus status={data.status} error={data.error} />
    </span>
  );
}
