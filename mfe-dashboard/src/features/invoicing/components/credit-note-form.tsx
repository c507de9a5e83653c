import { useState, type FormEvent } from 'react';
import { creditNoteOverBalance, type Invoice } from '@cuota/contracts/invoicing/invoices';
import { Button } from '@cuota/ui/button';
import { FormError, FormRow } from '@cuota/ui/form-pieces';
import { CellForm } from './cell-form';
import { centavosToDecimal, formatMoney, parseMoney } from '@cuota/ui/money';
import { TextAreaField, TextField } from '@cuota/ui/text-field';
import { errorDetails, readError } from '@cuota/web-core/api/api-error';
import { newIdempotencyKey } from '@cuota/web-core/api/endpoint-request';
import { useEmitCreditNoteMutation } from '../api/invoicing-api';

export const REASON_TOO_LONG = 'El motivo admite hasta 300 caracteres.';
export const NOT_AN_AMOUNT =
  'Escribe un importe en pesos mayor que cero, con hasta dos decimales, o déjalo vacío.';

interface Problems {
  amount?: string;
  reason?: string;
  form?: string;
}

/** The service's refusal, under the field it names (the amount over what is left, say). */
function problemsOf(error: unknown): Problems {
  const details = errorDetails(error);
  const on = (path: string) => details.find((d) => d.path === path)?.message;
  const amount = on('amount_centavos');
  const reason = on('reason');
  return amount || reason ? { amount, reason } : { form: readError(error).message };
}

/** What the field says: what is left of the invoice when the list told (ADR 0073). */
function amountHint(invoice: Invoice): string {
  const room = invoice.creditable_centavos;
  if (room == null)
    return 'En pesos, por ejemplo 1,250.00. Déjalo vacío para acreditar todo lo que queda de la factura.';
  return `Queda por acreditar ${formatMoney(room)} de ${formatMoney(invoice.total_centavos)}. En pesos; escribe menos para acreditar una parte.`;
}

/**
 * Gives back money of a stamped income invoice with a credit note (E, TipoRelacion 01; ADR
 * 0037, 0051): what is left of it, shown and filled in (ADR 0073), or part of it. One key per
 * note asked for, so a repeated click is the same note and a second note is a new one (ADR
 * 0058); the list then shows the note, «Pendiente» until stamped, and the smaller remainder.
 */
export function CreditNoteForm({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) {
  const room = invoice.creditable_centavos ?? null;
  // Empty means all that is left; anything else must be an amount (never read as empty).
  const [amountText, setAmountText] = useState(room ? centavosToDecimal(room) : '');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [problems, setProblems] = useState<Problems>({});
  const [emit, emitted] = useEmitCreditNoteMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const amount = amountText.trim() ? parseMoney(amountText) : null;
    if (amountText.trim() && !amount) return setProblems({ amount: NOT_AN_AMOUNT });
    // The service refuses it too (the room may have shrunk since the list was read).
    if (amount && room !== null && amount > room)
      return setProblems({ amount: creditNoteOverBalance(room) });
    if (reason.trim().length > 300) return setProblems({ reason: REASON_TOO_LONG });
    setProblems({});
    const answer = await emit({
      invoice,
      idempotencyKey: key,
      body: {
        ...(amount ? { amount_centavos: amount } : {}),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      },
    });
    if ('error' in answer) return setProblems(problemsOf(answer.error));
    setKey(newIdempotencyKey());
    onDone();
  }

  return (
    <CellForm
      onSubmit={(e) => void submit(e)}
      aria-label={`Nota de crédito de la factura ${invoice.folio ?? ''}`}
    >
      <TextField
        label="Importe de la nota de crédito"
        inputMode="decimal"
        value={amountText}
        onChange={(e) => setAmountText(e.target.value)}
        hint={amountHint(invoice)}
        error={problems.amount}
      />
      <TextAreaField
        label="Motivo (opcional)"
        value={reason}
        maxLength={300}
        error={problems.reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <FormRow>
        <Button type="submit" disabled={emitted.isLoading}>
          {emitted.isLoading ? 'Emitiendo…' : 'Emitir nota de crédito'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          No emitir
        </Button>
      </FormRow>
      {problems.form && <FormError>{problems.form}</FormError>}
    </CellForm>
  );
}
