import type { Invoice } from '@cuota/contracts/invoicing/invoices';
import { Button } from '@cuota/ui/button';
import { FormError } from '@cuota/ui/form-pieces';
import { VisuallyHidden } from '@cuota/ui/visually-hidden';
import { readError } from '@cuota/web-core/api/api-error';
import { invoiceFileUrls, useRetryInvoiceMutation } from '../api/invoicing-api';

export const NO_RETRY_REASON = 'Tu rol no puede reintentar facturas (requiere facturación).';

/** A stamped invoice's files; a failed one's retry (disabled, with the reason, without the grant). */
export function InvoiceActions({ invoice, canRetry }: { invoice: Invoice; canRetry: boolean }) {
  const [retry, retried] = useRetryInvoiceMutation();
  if (invoice.status === 'success') {
    const urls = invoiceFileUrls(invoice.id);
    return (
      <>
        <a href={urls.xml} download>
          XML<VisuallyHidden> de la factura {invoice.folio ?? invoice.uuid}</VisuallyHidden>
        </a>{' '}
        ·{' '}
        <a href={urls.pdf} target="_blank" rel="noreferrer">
          PDF<VisuallyHidden> de la factura {invoice.folio ?? invoice.uuid}</VisuallyHidden>
        </a>
      </>
    );
  }
  if (invoice.status !== 'failed') return null;
  return (
    <>
      <Button
        variant="secondary"
        disabled={!canRetry || retried.isLoading}
        title={canRetry ? undefined : NO_RETRY_REASON}
        onClick={() => void retry({ schoolId: invoice.school_id, invoiceId: invoice.id })}
      >
        {retried.isLoading ? 'Reintentando…' : 'Reintentar timbrado'}
      </Button>
      {retried.error && <FormError>{readError(retried.error).message}</FormError>}
    </>
  );
}
