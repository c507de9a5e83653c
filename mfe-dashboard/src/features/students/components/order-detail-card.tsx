import { useState } from 'react';
import type { StaffOrderDetail } from '@cuota/contracts/billing/corrections';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { formatDate, formatInstant, formatPeriod } from '@cuota/ui/dates';
import { ErrorState } from '@cuota/ui/error-state';
import { formatMoney } from '@cuota/ui/money';
import { Notice } from '@cuota/ui/notice';
import { Spinner } from '@cuota/ui/spinner';
import { StatusBadge } from '@cuota/ui/status-badge';
import { readError } from '@cuota/web-core/api/api-error';
import { orderStatementUrl } from '@cuota/web-core/api/order-statement-url';
import { useStaffOrderQuery } from '../api/order-corrections-api';
import { ACTION_LABELS, type CorrectionAction } from '../utils/correction-draft';
import { CorrectionForm } from './correction-form';
import { OrderTrail } from './order-trail';
import {
  SPECIAL_CHARGE_LABELS,
  SpecialChargeForm,
  type SpecialCharge,
} from './special-charge-form';

const WITH_PAYMENTS =
  'Esta orden ya tiene pagos: para cambiar su importe o cancelarla, primero reembolsa el pago o emite una nota de crédito desde Pagos.';

function Amounts({ order: o }: { order: StaffOrderDetail }) {
  const rows: [string, string][] = [
    ['Vence', formatDate(o.due_on)],
    ['Monto base', formatMoney(o.amount_centavos)],
    ['Becas y descuentos', formatMoney(o.scholarship_centavos + o.discount_centavos)],
    ['Recargo', o.interest_forgiven ? 'Condonado' : formatMoney(o.late_fee_centavos)],
    ['Pagado', formatMoney(o.paid_centavos)],
    ['Pendiente', formatMoney(o.pending_amount)],
  ];
  return (
    <dl>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the staff member may do here: billing.write corrects, scholarships.write grants. */
export interface OrderGrants {
  correct: boolean;
  scholarships: boolean;
}

type OrderAction = CorrectionAction | SpecialCharge;
const isSpecialCharge = (a: OrderAction): a is SpecialCharge =>
  a === 'discount' || a === 'surcharge';
const labelOf = (a: OrderAction, forgiven: boolean) =>
  isSpecialCharge(a) ? SPECIAL_CHARGE_LABELS[a] : ACTION_LABELS[a](forgiven);

/**
 * The corrections this order still admits: an order with payments keeps its amount, so its
 * scholarship, discounts and over-charges (scholarships.write) are offered only before.
 */
function actionsFor(o: StaffOrderDetail, can: OrderGrants): OrderAction[] {
  if (o.canceled_at) return [];
  const paid = o.paid_centavos > 0;
  const corrections: CorrectionAction[] = paid
    ? ['edit_due', 'interest']
    : ['edit_base', 'edit_due', 'interest', 'cancel'];
  const scholarship: CorrectionAction =
    o.scholarship_centavos > 0 ? 'avoid_scholarship' : 'force_scholarship';
  const grants: OrderAction[] = [scholarship, 'discount', 'surcharge'];
  return [...(can.correct ? corrections : []), ...(can.scholarships && !paid ? grants : [])];
}

function Corrections({ order, can }: { order: StaffOrderDetail; can: OrderGrants }) {
  const [action, setAction] = useState<OrderAction | null>(null);
  const done = () => setAction(null);
  if (action && isSpecialCharge(action))
    return <SpecialChargeForm order={order} charge={action} onDone={done} />;
  if (action) return <CorrectionForm order={order} action={action} onDone={done} />;
  return (
    <>
      {order.paid_centavos > 0 && !order.canceled_at && <Notice>{WITH_PAYMENTS}</Notice>}
      <div role="group" aria-label="Correcciones">
        {actionsFor(order, can).map((a) => (
          <Button key={a} variant="secondary" onClick={() => setAction(a)}>
            {labelOf(a, order.interest_forgiven)}
          </Button>
        ))}
      </div>
    </>
  );
}

interface Props {
  orderId: string;
  can: OrderGrants;
  onClose: () => void;
}

/** One order as staff sees it: its amounts today, its corrections and, with the grant, actions. */
export function OrderDetailCard({ orderId, can, onClose }: Props) {
  const query = useStaffOrderQuery(orderId);
  const o = query.currentData;
  const title = o ? `${o.concept_name}${o.period ? ` · ${formatPeriod(o.period)}` : ''}` : 'Orden';
  return (
    <Card title={title} aria-label="Orden" focusTitle>
      {query.isLoading && <Spinner label="Cargando la orden…" />}
      {query.error && (
        <ErrorState message={readError(query.error).message} onRetry={() => void query.refetch()} />
      )}
      {o && (
        <>
          {o.canceled_at ? (
            <Notice tone="warning">Orden cancelada el {formatInstant(o.canceled_at)}.</Notice>
          ) : (
            <StatusBadge kind="orderPayment" status={o.status} />
          )}
          <Amounts order={o} />
          <p>
            Descargar el estado del cargo:{' '}
            <a href={orderStatementUrl(o, 'pdf')} download>
              PDF
            </a>{' '}
            ·{' '}
            <a href={orderStatementUrl(o, 'xml')} download>
              XML
            </a>
          </p>
          {(can.correct || can.scholarships) && <Corrections order={o} can={can} />}
          <h4>Historial de correcciones</h4>
          <OrderTrail adjustments={o.adjustments} />
        </>
      )}
      <Button variant="ghost" onClick={onClose}>
        Cerrar
      </Button>
    </Card>
  );
}
