import type { Payin } from '@cuota/contracts/payments/payins';
import { formatMoney } from '@cuota/ui/money';
import { paidOfOrders, RefundForm } from './refund-form';

/**
 * Gives a SPEI transfer's or store cash's money back to the family's credit balance (ADR
 * 0099): the orders it paid owe again and the money stays as credit, applied to the family's
 * next orders. Applied at once.
 */
export function RefundToCreditForm({ payin }: { payin: Payin }) {
  return (
    <RefundForm
      payin={payin}
      title="Devolver a saldo a favor"
      busy="Devolviendo…"
      intro="Este dinero llegó por transferencia o en tienda y ya está en la cuenta de la escuela. Se quita de los cargos que pagó, que vuelven a quedar pendientes, y queda como saldo a favor de la familia para sus próximos cargos."
      amount={paidOfOrders(payin, 'Monto a devolver')}
      reasonMissing="Escribe el motivo de la devolución (al menos 5 caracteres)."
      destination={() => ({ to: 'credit' })}
      outcome={(r) =>
        r.status === 'applied' && (
          <p role="status">
            Se devolvieron {formatMoney(r.amount_centavos)} al saldo a favor de la familia. Los
            cargos volvieron a quedar pendientes.
          </p>
        )
      }
    />
  );
}
