import { useState } from 'react';
import type { Invoice } from '@cuota/contracts/invoicing/invoices';
import { Button } from '@cuota/ui/button';
import { FormError } from '@cuota/ui/form-pieces';
import { VisuallyHidden } from '@cuota/ui/visually-hidden';
import { readError } from '@cuota/web-core/api/api-error';
import { invoiceFileUrls, useRetryInvoiceMutation } from '../api/invoicing-api';
import { CancelInvoiceForm } from './cancel-invoice-form';
import { CreditNoteForm } from './credit-note-form';
import { ReinvoiceButton } from './reinvoice-button';
import { SendInvoiceButton } from './send-invoice-button';

export const NO_RETRY_REASON = 'Tu rol no puede reintentar facturas (requiere facturación).';
export const NO_CANCEL_REASON = 'Tu rol no puede cancelar facturas (requiere facturación).';
export const NO_CREDIT_REASON = 'Tu rol no puede emitir notas de crédito (requiere facturación).';
export const NOTHING_TO_CREDIT = 'No queda nada por acreditar de esta factura.';

/** The open form of a stamped invoice's row, if any: one at a time. */
type OpenForm = 'cancel' | 'credit' | null;

function StampedActions({ invoice, canWrite }: { invoice: Invoice; canWrite: boolean }) {
  const [open, setOpen] = useState<OpenForm>(null);
  const close = () => setOpen(null);
  const urls = invoiceFileUrls(invoice.id);
  const name = invoice.folio ?? invoice.uuid;
  const stampedIncome = invoice.status === 'success' && invoice.document === 'invoice';
  // Credit notes (or, on a PPD invoice, its payments) took all of it (ADR 0073).
  const creditReason = !canWrite
    ? NO_CREDIT_REASON
    : invoice.creditable_centavos === 0
      ? NOTHING_TO_CREDIT
      : undefined;
  return (
    <>
      <a href={urls.xml} download>
        XML<VisuallyHidden> de la factura {name}</VisuallyHidden>
      </a>{' '}
      ·{' '}
      <a href={urls.pdf} target="_blank" rel="noreferrer">
        PDF<VisuallyHidden> de la factura {name}</VisuallyHidden>
      </a>
      {invoice.status === 'success' && !open && (
        <SendInvoiceButton invoice={invoice} canWrite={canWrite} />
      )}
      {stampedIncome && !open && <ReinvoiceButton invoice={invoice} canWrite={canWrite} />}
      {stampedIncome &&
        (open === 'credit' ? (
          <CreditNoteForm invoice={invoice} onDone={close} />
        ) : (
          !open && (
            <Button
              variant="secondary"
              disabled={!!creditReason}
              title={creditReason}
              onClick={() => setOpen('credit')}
            >
              Nota de crédito<VisuallyHidden> de la factura {name}</VisuallyHidden>
            </Button>
          )
        ))}
      {/* A global invoice is corrected by re-issuing it (ADR 0042), never cancelled alone. */}
      {invoice.status === 'success' &&
        invoice.document !== 'global' &&
        (open === 'cancel' ? (
          <CancelInvoiceForm invoice={invoice} onDone={close} />
        ) : (
          !open && (
            <Button
              variant="secondary"
              disabled={!canWrite}
              title={canWrite ? undefined : NO_CANCEL_REASON}
              onClick={() => setOpen('cancel')}
            >
              Cancelar<VisuallyHidden> la factura {name}</VisuallyHidden>
            </Button>
          )
        ))}
    </>
  );
}

/**
 * A stamped invoice's files, its e-mail, its re-issue with corrected data, a credit note on
 * it and its cancellation; a failed one's retry (disabled, with the reason, without the grant).
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
