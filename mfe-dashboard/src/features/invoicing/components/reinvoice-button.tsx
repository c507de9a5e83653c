import type { Invoice } from '@cuota/contracts/invoicing/invoices';
import { Button } from '@cuota/ui/button';
import { FormError } from '@cuota/ui/form-pieces';
import { VisuallyHidden } from '@cuota/ui/visually-hidden';
import { readError } from '@cuota/web-core/api/api-error';
import { useReinvoiceMutation } from '../api/invoicing-api';

export const NO_REINVOICE_REASON = 'Tu rol no puede refacturar (requiere facturación).';

/**
 * Issues the invoice again with the family's corrected data; the old one is cancelled (motive
 * 01) once the new one is stamped (ADR 0037). The list then shows the new one, «Pendiente».
 */
export function ReinvoiceButton({ invoice, canWrite }: { invoice: Invoice; canWrite: boolean }) {
  const [reinvoice, asked] = useReinvoiceMutation();
  const name = invoice.folio ?? invoice.uuid;
  return (
    <>
      <Button
        variant="secondary"
        disabled={!canWrite || asked.isLoading}
        title={canWrite ? undefined : NO_REINVOICE_REASON}
        onClick={() => void reinvoice({ schoolId: invoice.school_id, invoiceId: invoice.id })}
      >
        {asked.isLoading ? 'Refacturando…' : 'Refacturar'}
        <VisuallyHidden> la factura {name}</VisuallyHidden>
      </Button>
      {asked.error && <FormError>{readError(asked.error).message}</FormError>}
    </>
  );
}
