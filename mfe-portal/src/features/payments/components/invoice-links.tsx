import type { RequestStatus } from '@cuota/contracts/payments/payins';
import { InvoiceStatus } from '@cuota/ui/invoice-status';
import { VisuallyHidden } from '@cuota/ui/visually-hidden';
import { portalPaymentsApi, useOrderInvoiceQuery } from '../api/portal-payments-api';

/** How often the history asks again about a CFDI on its way (stamping takes seconds). */
export const INVOICE_POLL_MS = 2000;
/** A paid order's CFDI is on its way until it is stamped or fails. */
const ON_ITS_WAY: RequestStatus[] = ['not_requested', 'pending'];

/**
 * An order's CFDI: its XML and PDF once stamped, or where it stands (and why it failed); and
 * the credit notes that gave money back on it.
 */
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
  const credits = data.invoices.filter((i) => i.document === 'credit_note' && i.xml_url);
  return (
    <>
      {data.xml_url && data.pdf_url ? (
        <FileLinks title="Factura" xml={data.xml_url} pdf={data.pdf_url} label={label} />
      ) : (
        <span>
          Factura: <InvoiceStatus status={data.status} error={data.error} />
        </span>
      )}
      {credits.map((credit) => (
        <FileLinks
          key={credit.invoice_id}
          title="Nota de crédito"
          xml={credit.xml_url!}
          pdf={credit.pdf_url!}
          label={`la nota de crédito de ${label}`}
        />
      ))}
    </>
  );
}

/** A stamped CFDI's XML and PDF (a credit note is money given back on the order). */
function FileLinks({
  title,
  xml,
  pdf,
  label,
}: {
  title: string;
  xml: string;
  pdf: string;
  label: string;
}) {
  return (
    <span>
      {title}:{' '}
      <a href={xml} download>
        XML<VisuallyHidden> de {label}</VisuallyHidden>
      </a>{' '}
      ·{' '}
      <a href={pdf} target="_blank" rel="noreferrer">
        PDF<VisuallyHidden> de {label}</VisuallyHidden>
      </a>
    </span>
  );
}
