import {
  PAYIN_TYPE_LABELS,
  PAYMENT_METHOD_LABELS,
  type Payin,
} from '@cuota/contracts/payments/payins';
import { InstantText } from '@cuota/ui/date-text';
import { MoneyText } from '@cuota/ui/money-text';
import { Notice } from '@cuota/ui/notice';
import { StatusBadge } from '@cuota/ui/status-badge';
import { receiptUrl } from '../api/payments-api';
import { AllocationsTable } from './allocations-table';
import { reversedByOrder } from './payin-reversals';

/** One payin as staff read it: amounts, where it went, credit left, and its receipt. */
export function PayinSummary({ payin }: { payin: Payin }) {
  return (
    <>
      <dl>
        <dt>Monto</dt>
        <dd>
          <MoneyText centavos={payin.amount_centavos} />
        </dd>
        <dt>Estatus</dt>
        <dd>
          <StatusBadge kind="request" status={payin.status} />
        </dd>
        {!!payin.returned_centavos && (
          <>
            <dt>Devuelto a la familia</dt>
            <dd>
              <MoneyText centavos={payin.returned_centavos} /> (a su tarjeta o cuenta bancaria)
            </dd>
          </>
        )}
        <dt>Tipo y método</dt>
        <dd>
          {PAYIN_TYPE_LABELS[payin.type]} · {PAYMENT_METHOD_LABELS[payin.method]}
          {payin.card && ` · ${payin.card.brand} terminación ${payin.card.last4}`}
        </dd>
        <dt>Fecha</dt>
        <dd>
          <InstantText instant={payin.paid_at ?? payin.created_at} />
        </dd>
        {payin.receipt_number && (
          <>
            <dt>Recibo</dt>
            <dd>{payin.receipt_number}</dd>
          </>
        )}
        {payin.recorded_by_name && (
          <>
            <dt>Atendió</dt>
            <dd>{payin.recorded_by_name}</dd>
          </>
        )}
      </dl>
      {payin.error && (
        <Notice tone="error">
          <p>{payin.error.message}</p>
        </Notice>
      )}
      <AllocationsTable allocations={payin.allocations} reversed={reversedByOrder(payin)} />
      {!!payin.refund_owed_paid_centavos && (
        <p>
          Reembolso por recuperar: <MoneyText centavos={payin.refund_owed_paid_centavos} /> (lo que
          un reembolso dejó a deber a la familia, pagado antes que los cargos).
        </p>
      )}
      {payin.credit_created_centavos > 0 && (
        <p>
          Saldo a favor: <MoneyText centavos={payin.credit_created_centavos} /> (se aplicará a la
          siguiente orden).
        </p>
      )}
      {payin.status === 'success' && (
        <a href={receiptUrl(payin.school_id, payin.id)} target="_blank" rel="noreferrer">
          Descargar recibo (PDF)
        </a>
      )}
    </>
  );
}
