import { useState, type FormEvent } from 'react';
import {
  CANCELLATION_MOTIVES,
  CANCELLATION_MOTIVE_LABELS,
  type CancellationMotive,
} from '@cuota/contracts/invoicing/cancellations';
import type { Invoice } from '@cuota/contracts/invoicing/invoices';
import { Button } from '@cuota/ui/button';
import { FieldLabel, FormError, FormRow, Select } from '@cuota/ui/form-pieces';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { useCancelInvoiceMutation } from '../api/invoicing-api';

/**
 * Asks SAT to cancel a stamped invoice with one of its motives (ADR 0037); motive 01 names the
 * stamped invoice that replaces it. The list then shows «En cancelación» until SAT answers.
 */
export function CancelInvoiceForm({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) {
  const [motive, setMotive] = useState<CancellationMotive>('02');
  const [substitute, setSubstitute] = useState('');
  const [cancel, cancelled] = useCancelInvoiceMutation();
  const error = cancelled.error ? readError(cancelled.error).message : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await cancel({
      school_id: invoice.school_id,
      invoice_id: invoice.id,
      action: 'cancel',
      motive,
      substitute_uuid: motive === '01' ? substitute.trim() : undefined,
    });
    if (!('error' in result)) onDone();
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-label={`Cancelar la factura ${invoice.folio ?? ''}`}
    >
      <FieldLabel>
        Motivo de cancelación
        <Select value={motive} onChange={(e) => setMotive(e.target.value as CancellationMotive)}>
          {CANCELLATION_MOTIVES.map((m) => (
            <option key={m} value={m}>
              {m} · {CANCELLATION_MOTIVE_LABELS[m]}
            </option>
          ))}
        </Select>
      </FieldLabel>
      {motive === '01' && (
        <TextField
          label="Folio fiscal de la factura que la sustituye"
          hint="Primero refactura; después cancela esta con el folio de la nueva."
          value={substitute}
          onChange={(e) => setSubstitute(e.target.value)}
          required
        />
      )}
      <FormRow>
        <Button type="submit" disabled={cancelled.isLoading}>
          {cancelled.isLoading ? 'Solicitando…' : 'Solicitar cancelación'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          No cancelar
        </Button>
      </FormRow>
      {error && <FormError>{error}</FormError>}
    </form>
  );
}
