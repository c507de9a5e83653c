import { useState } from 'react';
import type { Invoice } from '@cuota/contracts/invoicing/invoices';
import { Button } from '@cuota/ui/button';
import { FormError } from '@cuota/ui/form-pieces';
import { VisuallyHidden } from '@cuota/ui/visually-hidden';
import { readError } from '@cuota/web-core/api/api-error';
import { invoiceFileUrls, useRetryInvoiceMutation } from '../api/invoicing-api';
import { CancelInvoiceForm } from './cancel-invoice-form';
import { ReinvoiceButton } from './reinvoice-button';
import { SendInvoiceButton } from './send-invoice-button';

export const NO_RETRY_REASON = 'Tu rol no puede reintentar facturas (requiere facturación).';
export const NO_CANCEL_REASON = 'Tu rol no puede cancelar facturas (requiere facturación).';

function StampedActions({ invoice, canWrite }: { invoice: Invoice; canWrite: boolean }) {
  const [cancelling, setCancelling] = useState(false);
  const urls = invoiceFileUrls(invoice.id);
  const name = invoice.folio ?? invoice.uuid;
  return (
    <>
      <a href={urls.xml} download>
        XML<VisuallyHidden> de la factura {name}</VisuallyHidden>
      </a>{' '}
      ·{' '}
      <a href={urls.pdf} target="_blank" rel="noreferrer">
        PDF<VisuallyHidden> de la factura {name}</VisuallyHidden>
      </a>
      {invoice.status === 'success' && !cancelling && (
        <SendInvoiceButton invoice={invoice} canWrite={canWrite} />
      )}
      {invoice.status === 'success' && invoice.document === 'invoice' && !cancelling && (
        <ReinvoiceButton invoice={invoice} canWrite={canWrite} />
      )}
      {/* A global invoice is corrected by re-issuing it (ADR 0042), never cancelled alone. */}
      {invoice.status === 'success' &&
        invoice.document !== 'global' &&
        (cancelling ? (
          <CancelInvoiceForm invoice={invoice} onDone={() => setCancelling(false)} />
        ) : (
          <Button
            variant="secondary"
            disabled={!canWrite}
            title={canWrite ? undefined : NO_CANCEL_REASON}
            onClick={() => setCancelling(true)}
          >
            Cancelar<VisuallyHidden> la factura {name}</VisuallyHidden>
          </Button>
        ))}
    </>
  );
}

/**
 * A stamped invoice's files, its e-mail, its re-issue with corrected data and its
 * cancellation; a failed one's retry (disabled, with the reason, without the grant).
 */
export function InvoiceActions({ invoice, canWrite }: { invoice: Invoice; canWrite: boolean }) {
  const [retry, retried] = useRetryInvoiceMutation();
  if (invoice.uuid && invoice.status !== 'failed' && invoice.status !== 'pending')
    return <StampedActions invoice={invoice} canWrite={canWrite} />;
  if (invoice.status !== 'failed') return null;
  return (
    <>
      <Button
        variant="secondary"
        disabled={!canWrite || retried.isLoading}
        title={canWrite ? undefined : NO_RETRY_REASON}
        onClick={() => void retry({ schoolId: invoice.school_id, invoiceId: invoice.id })}
      >
        {retried.isLoading ? 'Reintentando…' : 'Reintentar timbrado'}
      </Button>
      {retried.error && <FormError>{readError(retried.error).message}</FormError>}
    </>
  );
}
