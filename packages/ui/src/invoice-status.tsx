import type { InvoiceError } from '@cuota/contracts/invoicing/invoices';
import type { RequestStatus } from '@cuota/contracts/payments/payins';
import { Badge } from './badge';
import { STATUS_LOOKS } from './status-labels';

/** Cuota's own checks stopped it before the PAC: not SAT's refusal, and it says so. */
const NOT_SENT = 'No se pudo timbrar';

/**
 * A CFDI's status as a school reads it (docs/adr/0037): «Timbrada», «Pendiente», «Rechazada por
 * el SAT: motivo», «No se pudo timbrar: motivo», «En cancelación», «Cancelada».
 */
export function InvoiceStatus({
  status,
  error,
}: {
  status: RequestStatus;
  error: InvoiceError | null;
}) {
  const look = STATUS_LOOKS.invoice[status];
  const label = status === 'failed' && error?.source === 'checks' ? NOT_SENT : look.label;
  return (
    <span>
      <Badge tone={look.tone} data-status={status}>
        {label}
      </Badge>
      {error && `: ${error.message}`}
    </span>
  );
}
