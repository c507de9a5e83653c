import { useState, type FormEvent } from 'react';
import {
  CANCELLATION_MOTIVES,
  CANCELLATION_MOTIVE_LABELS,
  type CancellationMotive,
  type SatCancellability,
} from '@cuota/contracts/invoicing/cancellations';
import type { Invoice } from '@cuota/contracts/invoicing/invoices';
import { Button } from '@cuota/ui/button';
import { FieldLabel, FormError, FormRow, Select } from '@cuota/ui/form-pieces';
import { Notice } from '@cuota/ui/notice';
import type { Tone } from '@cuota/ui/theme';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { useCancelInvoiceMutation, useInvoiceCancellabilityQuery } from '../api/invoicing-api';
import { CellForm } from './cell-form';

export const ASKING_SAT =
  'Consultando al SAT si la cancelación requiere la aceptación del receptor…';

const CANCELLABILITY_TONES: Record<SatCancellability, Tone> = {
  without_acceptance: 'success',
  with_acceptance: 'warning',
  not_cancellable: 'error',
  unknown: 'neutral',
};

/**
 * What SAT's consulta says before staff ask (ADR 0090): cancelled at once, or the receptor
 * must accept, or not cancellable while related CFDI stand. Asked each time the form opens.
 */
function useSatCancellability(invoice: Invoice) {
  const { data, error, isFetching } = useInvoiceCancellabilityQuery(
    { id: invoice.id, school_id: invoice.school_id },
    {
      refetchOnMountOrArgChange: true,
    },
  );
  if (isFetching || (!data && !error)) return { tone: 'neutral' as const, text: ASKING_SAT };
  if (!data) return { tone: 'neutral' as const, text: readError(error).message };
  return {
    tone: CANCELLABILITY_TONES[data.cancellable],
    text: data.message,
    refused: data.cancellable === 'not_cancellable',
  };
}

/**
 * Asks SAT to cancel a stamped invoice with one of its motives (ADR 0037); motive 01 names the
 * stamped invoice that replaces it. The list then shows «En cancelación» until SAT answers.
 */
export function CancelInvoiceForm({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) {
  const [motive, setMotive] = useState<CancellationMotive>('02');
  const [substitute, setSubstitute] = useState('');
  const [cancel, cancelled] = useCancelInvoiceMutation();
  const sat = useSatCancellability(invoice);
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
    <CellForm
      onSubmit={(e) => void submit(e)}
      aria-label={`Cancelar la factura ${invoice.folio ?? ''}`}
    >
      <div role="status">
        <Notice tone={sat.tone}>
          <p>{sat.text}</p>
        </Notice>
      </div>
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
        <Button type="submit" disabled={cancelled.isLoading || sat.refused}>
          {cancelled.isLoading ? 'Solicitando…' : 'Solicitar cancelación'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          No cancelar
        </Button>
      </FormRow>
      {error && <FormError>{error}</FormError>}
    </CellForm>
  );
}
