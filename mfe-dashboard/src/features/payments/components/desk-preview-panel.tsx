import type { DeskPreview } from '@cuota/contracts/payments/desk';
import { FormError } from '@cuota/ui/form-pieces';
import { formatMoney } from '@cuota/ui/money';
import { MoneyText } from '@cuota/ui/money-text';
import { AllocationsTable } from './allocations-table';

/** What the cashier does with money the chosen orders do not need. */
export type ExcessChoice = 'change' | 'credit' | null;

interface Props {
  preview: DeskPreview;
  method: 'cash' | 'transfer';
  studentName: string;
  excess: ExcessChoice;
  onExcess: (choice: ExcessChoice) => void;
}

/** The service's preview: what the payment pays, and the change or the credit (ADR 0036). */
export function DeskPreviewPanel({ preview, method, studentName, excess, onExcess }: Props) {
  if (preview.over_limit)
    return (
      <FormError>
        El monto supera el límite de {formatMoney(preview.limit_centavos)} por pago en caja de la
        escuela. Revisa la cantidad.
      </FormError>
    );
  const extra = preview.excess_centavos;
  return (
    <>
      {preview.refund_owed_centavos > 0 && (
        <p>
          Primero cubre <MoneyText centavos={preview.refund_owed_centavos} /> del reembolso por
          recuperar.
        </p>
      )}
      <AllocationsTable allocations={preview.allocations} />
      <p>
        Se aplica <MoneyText centavos={preview.applied_centavos} /> de{' '}
        <MoneyText centavos={preview.owed_centavos} /> que deben los cargos elegidos.
      </p>
      {extra > 0 && (
        <fieldset>
          <legend>Sobran {formatMoney(extra)}</legend>
          {method === 'cash' && preview.applied_centavos > 0 && (
            <label>
              <input
                type="radio"
                name="excess"
                checked={excess === 'change'}
                onChange={() => onExcess('change')}
              />{' '}
              Dar {formatMoney(extra)} de cambio
            </label>
          )}
          <label>
            <input
              type={method === 'cash' ? 'radio' : 'checkbox'}
              name="excess"
              checked={excess === 'credit'}
              onChange={(e) => onExcess(e.target.checked ? 'credit' : null)}
            />{' '}
            Dejar {formatMoney(extra)} como saldo a favor de {studentName}
          </label>
        </fieldset>
      )}
    </>
  );
}
