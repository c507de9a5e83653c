import type { Invoice } from '@cuota/contracts/invoicing/invoices';
import { Button } from '@cuota/ui/button';
import { FormError } from '@cuota/ui/form-pieces';
import { VisuallyHidden } from '@cuota/ui/visually-hidden';
import { readError } from '@cuota/web-core/api/api-error';
import { useSendInvoiceEmailMutation } from '../api/invoicing-api';

export const NO_SEND_REASON = 'Tu rol no puede enviar facturas (requiere facturación).';

/** E-mails a stamped invoice (XML and PDF) to its billing guardian and says where it went. */
export function SendInvoiceButton({ invoice, canWrite }: { invoice: Invoice; canWrite: boolean }) {
  const [send, sent] = useSendInvoiceEmailMutation();
  const name = invoice.folio ?? invoice.uuid;
  return (
    <>
      <Button
        variant="secondary"
        disabled={!canWrite || sent.isLoading}
        title={canWrite ? undefined : NO_SEND_REASON}
        onClick={() => void send({ schoolId: invoice.school_id, invoiceId: invoice.id })}
      >
        {sent.isLoading ? 'Enviando…' : 'Enviar por correo'}
        <VisuallyHidden> la factura {name}</VisuallyHidden>
      </Button>
      {sent.data && <span role="status">Enviada a {sent.data.sent_to}</span>}
      {sent.error && <FormError>{readError(sent.error).message}</FormError>}
    </>
  );
}
