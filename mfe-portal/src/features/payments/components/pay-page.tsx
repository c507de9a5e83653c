import { useCallback, useState } from 'react';
import styled from 'styled-components';
import type { Order } from '@cuota/contracts/billing/orders';
import type { PreferenceMethod } from '@cuota/contracts/payments/preferences';
import { Button } from '@cuota/ui/button';
import { EmptyState } from '@cuota/ui/empty-state';
import { ErrorState } from '@cuota/ui/error-state';
import { MoneyText } from '@cuota/ui/money-text';
import { Notice } from '@cuota/ui/notice';
import { Spinner } from '@cuota/ui/spinner';
import { StickyActionBar } from '@cuota/ui/sticky-action-bar';
import { readError } from '@cuota/web-core/api/api-error';
import { useAppDispatch } from '@cuota/web-core/hooks';
import { useFulfillmentSelection } from '@cuota/web-core/payment-selection/use-fulfillment-selection';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useFamilyFulfillmentsQuery } from '../api/family-balance-api';
import { invalidateAfterPayment, useCardFormSettingsQuery } from '../api/portal-payments-api';
import { CardPayment } from './card-payment';
import { CheckoutSummary } from './checkout-summary';
import { OwedOrders } from './owed-orders';
import { ReferencePayment } from './reference-payment';

/** SPEI and cash under the lists: the sticky bar keeps one action, so its total fits a phone. */
const Methods = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(4)};
  p {
    flex-basis: 100%;
    margin: 0;
  }
`;

function byStudent(orders: Order[]) {
  const groups = new Map<string, { name: string; orders: Order[] }>();
  for (const order of orders) {
    const group = groups.get(order.student.id) ?? { name: order.student.name, orders: [] };
    group.orders.push(order);
    groups.set(order.student.id, group);
  }
  return [...groups.entries()];
}

const countLabel = (n: number) =>
  n === 0 ? 'Elige qué pagar' : n === 1 ? '1 cargo' : `${n} cargos`;

/** Why this family may not pay by card here, as soon as the school's card settings say so. */
function useCardRefusal(schoolId: string): string | null {
  const card = useCardFormSettingsQuery(schoolId).currentData;
  return card?.kind === 'refused' ? card.message : null;
}

/**
 * What the family owes per student; it picks what to pay and pays by card, or gets a SPEI
 * reference or a cash voucher for it (ADR 0089).
 */
export function PayView({ schoolId }: { schoolId: string }) {
  const owed = useFamilyFulfillmentsQuery(schoolId);
  const refusal = useCardRefusal(schoolId);
  const { selection, toggle, selectAll, clear } = useFulfillmentSelection(owed.data);
  const [paying, setPaying] = useState<PreferenceMethod | null>(null);
  const dispatch = useAppDispatch();
  const settled = useCallback(
    (paid: boolean) => {
      if (paid) clear();
      dispatch(invalidateAfterPayment());
    },
    [clear, dispatch],
  );

  if (owed.isLoading) return <Spinner label="Cargando lo que tienes por pagar…" />;
  if (owed.error || !owed.data)
    return (
      <ErrorState message={readError(owed.error).message} onRetry={() => void owed.refetch()} />
    );
  const selected = new Set(selection.items.map((i) => i.id));
  if (paying)
    return (
      <>
        <CheckoutSummary
          orders={owed.data.filter((o) => selected.has(o.id))}
          totalCentavos={selection.total}
        />
        {paying === 'card' ? (
          <CardPayment
            schoolId={schoolId}
            items={selection.items.map((i) => ({
              order_id: i.id,
              student_id: i.student.id,
              counter: 1 as const,
            }))}
            totalCentavos={selection.total}
            onSettled={settled}
          />
        ) : (
          <ReferencePayment
            schoolId={schoolId}
            method={paying}
            orderIds={selection.items.map((i) => i.id)}
          />
        )}
        <Button
          variant="ghost"
          onClick={() => {
            // A reference leaves its orders waiting for the money (WAITING_PAID).
            if (paying !== 'card') dispatch(invalidateAfterPayment());
            setPaying(null);
          }}
        >
          Volver a lo que tienes por pagar
        </Button>
      </>
    );
  if (owed.data.length === 0)
    return (
      <EmptyState
        title="Estás al corriente"
        description="No tienes pagos pendientes. Cuando tu escuela genere nuevos cargos aparecerán aquí."
      />
    );
  return (
    <>
      {refusal && (
        <Notice tone="warning">
          <p>{refusal}</p>
          <p>
            ¿Ya transferiste? <UtmLink to="history">Repórtalo en tu historial de pagos</UtmLink>.
          </p>
        </Notice>
      )}
      {byStudent(owed.data).map(([id, group]) => (
        <OwedOrders
          key={id}
          studentName={group.name}
          orders={group.orders}
          isSelected={(o) => selected.has(o.id)}
          onToggle={toggle}
          onSelectAll={selectAll}
        />
      ))}
      <Methods role="group" aria-label="Otras formas de pagar">
        <p>¿Prefieres pagar por transferencia o en efectivo? Te damos la referencia.</p>
        <Button
          variant="secondary"
          disabled={selection.items.length === 0}
          onClick={() => setPaying('transfer')}
        >
          Transferencia (SPEI)
        </Button>
        <Button
          variant="secondary"
          disabled={selection.items.length === 0}
          onClick={() => setPaying('cash')}
        >
          Efectivo
        </Button>
      </Methods>
      <StickyActionBar
        label="Tu pago"
        summary={
          <p aria-live="polite">
            Total a pagar:{' '}
            <strong>
              <MoneyText centavos={selection.total} />
            </strong>
            <br />
            <small>{countLabel(selection.items.length)}</small>
          </p>
        }
        action={
          <Button
            disabled={selection.items.length === 0 || refusal !== null}
            onClick={() => setPaying('card')}
          >
            Pagar con tarjeta
          </Button>
        }
      />
    </>
  );
}
