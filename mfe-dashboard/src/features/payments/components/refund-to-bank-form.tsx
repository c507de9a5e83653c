import type { Payin } from '@cuota/contracts/payments/payins';
import type { PayinReversal } from '@cuota/contracts/payments/reversals';
import { formatMoney } from '@cuota/ui/money';
import { useClabeFields } from './clabe-fields';
import { paidOfOrders, RefundForm } from './refund-form';

const PAYOUT_STATUS = { pending: 'pendiente', applied: 'aplicada', declined: 'rechazada' } as const;

/**
 * Gives a SPEI transfer's or store cash's money back to a bank account (ADR 0110): the orders
 * it paid owe again, the money is the family's credit at once, and the gateway sends it by
 * SPEI to the CLABE typed; declined, it stays as credit.
 */
export function RefundToBankForm({ payin }: { payin: Payin }) {
  const account = useClabeFields();
  return (
    <RefundForm
      payin={payin}
      title="Devolver a cuenta bancaria"
      busy="Enviando…"
      intro="Los cargos que pagó vuelven a quedar pendientes y el dinero se envía por SPEI a la cuenta que indiques. Si el banco la rechaza, queda como saldo a favor de la familia."
      amount={paidOfOrders(payin, 'Monto a enviar')}
      reasonMissing="Escribe el motivo de la devolución (al menos 5 caracteres)."
      destination={() => {
        const checked = account.check();
        return checked && { to: 'bank_account', ...checked };
      }}
      outcome={(r) => <BankRefundStatus reversal={r} />}
    >
      {account.fields}
    </RefundForm>
  );
}

function BankRefundStatus({ reversal }: { reversal: PayinReversal }) {
  if (!reversal.payout) return null;
  const { payout } = reversal;
  return (
    <p role="status">
      Devolución de {formatMoney(reversal.amount_centavos)} a {payout.bank_name ?? 'la cuenta'} (
      {payout.holder_name}): {PAYOUT_STATUS[payout.status]}.{' '}
      {payout.status === 'declined'
        ? reversal.error_message
        : 'Los cargos volvieron a quedar pendientes; la pasarela confirmará el envío.'}
    </p>
  );
}
