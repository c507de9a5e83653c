import type { Payin } from '@cuota/contracts/payments/payins';
import { formatMoney } from '@cuota/ui/money';
import { cardLeft, RefundForm } from './refund-form';

/**
 * Gives a card payment back to the card (ADR 0036): the whole payment (a void on its day, a
 * refund after) or part of it. The gateway confirms later and then the orders reopen.
 */
export function RefundCardForm({ payin }: { payin: Payin }) {
  return (
    <RefundForm
      payin={payin}
      title="Reembolsar"
      busy="Reembolsando…"
      intro="El dinero vuelve a la tarjeta de la familia. El mismo día del pago se anula completo; después se reembolsa todo o una parte."
      amount={{
        label: 'Monto a reembolsar',
        hint: 'Déjalo completo para reembolsar todo lo que queda del pago.',
        full: cardLeft(payin),
        missing: 'Escribe el monto a reembolsar, mayor que cero.',
      }}
      reasonMissing="Escribe el motivo del reembolso (al menos 5 caracteres)."
      outcome={(r) =>
        r.status === 'pending' && (
          <p role="status">
            Reembolso de {formatMoney(r.amount_centavos)} solicitado. La pasarela confirmará la
            devolución y entonces se reabren los cargos.
          </p>
        )
      }
    />
  );
}
