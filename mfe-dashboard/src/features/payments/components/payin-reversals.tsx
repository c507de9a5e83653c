import type { Payin } from '@cuota/contracts/payments/payins';
import type { PayinReversal } from '@cuota/contracts/payments/reversals';
import { Card } from '@cuota/ui/card';
import { CellNote } from '@cuota/ui/cell-note';
import { DataTable } from '@cuota/ui/data-table';
import { InstantInCell } from '@cuota/ui/date-text';
import { MoneyText } from '@cuota/ui/money-text';

const STATUS = { pending: 'Pendiente', applied: 'Aplicada', declined: 'Rechazada' } as const;

/** Where the money went: back to the card, to the family's credit or to a bank account. */
function destination(payin: Payin, r: PayinReversal): string {
  if (r.kind === 'void') return 'Anulación';
  if (r.payout)
    return `A cuenta bancaria: ${r.payout.bank_name ?? 'banco'} · ${r.payout.holder_name}`;
  return payin.type === 'CARD' ? 'Reembolso a la tarjeta' : 'A saldo a favor de la familia';
}

/** A bank refund's state is its payout's (the credit was booked at once, ADR 0110). */
const statusOf = (r: PayinReversal) => STATUS[r.payout?.status ?? r.status];

/** What the payin's applied voids and refunds took back off each order, by order id. */
export function reversedByOrder(payin: Payin): Map<string, number> {
  const byOrder = new Map<string, number>();
  for (const r of payin.reversals ?? [])
    for (const o of r.status === 'applied' ? (r.orders ?? []) : [])
      byOrder.set(
        o.order_id,
        (byOrder.get(o.order_id) ?? 0) + o.base_centavos + o.late_fee_centavos,
      );
  return byOrder;
}

/**
 * What was given back of a payment (ADR 0036, 0110), so that staff see after a reload what a
 * correction did and whether the gateway confirmed it. Staff only: families get no list.
 */
export function PayinReversals({ payin }: { payin: Payin }) {
  if (!payin.reversals?.length) return null;
  return (
    <Card>
      <DataTable<PayinReversal>
        caption="Devoluciones y anulaciones"
        rows={payin.reversals}
        rowKey={(r) => r.id}
        columns={[
          { header: 'Fecha', cell: (r) => <InstantInCell instant={r.created_at} /> },
          {
            header: 'Destino',
            cell: (r) => (
              <>
                {destination(payin, r)}
                <CellNote>
                  {r.reason}
                  {r.requested_by_name ? ` · ${r.requested_by_name}` : ''}
                </CellNote>
              </>
            ),
          },
          {
            header: 'Monto',
            align: 'end',
            cell: (r) => <MoneyText centavos={r.amount_centavos} />,
          },
          {
            header: 'Estatus',
            cell: (r) => (
              <>
                {statusOf(r)}
                {r.error_message && <CellNote>{r.error_message}</CellNote>}
                {r.credit_owed_centavos > 0 && (
                  // The family spent that credit before the money left: the school collects it.
                  <CellNote>
                    Saldo a favor ya usado: <MoneyText centavos={r.credit_owed_centavos} />,
                    pendiente de cobro a la familia
                  </CellNote>
                )}
              </>
            ),
          },
        ]}
      />
    </Card>
  );
}
