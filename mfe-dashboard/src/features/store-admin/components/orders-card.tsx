import { useState } from 'react';
import type { OptionalOrder } from '@cuota/contracts/billing/store';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { DataTable } from '@cuota/ui/data-table';
import { InstantText } from '@cuota/ui/date-text';
import { EmptyState } from '@cuota/ui/empty-state';
import { FormError } from '@cuota/ui/form-pieces';
import { MoneyText } from '@cuota/ui/money-text';
import { readError } from '@cuota/web-core/api/api-error';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { useDeliverOrderMutation, useStoreOrdersQuery } from '../api/store-api';

/**
 * Who bought: a family of the school, or a guest — their e-mail and, when the store's sign-up
 * registered them, their admissions lead (ADR 0092).
 */
function Buyer({ order }: { order: OptionalOrder }) {
  if (order.guardian_id || !order.buyer_email) return <>Familia de la escuela</>;
  if (!order.lead_id) return <>{order.buyer_email}</>;
  return (
    <>
      {order.buyer_email} ·{' '}
      <UtmLink to={`/dashboard/students/${order.lead_id}`}>Ver prospecto</UtmLink>
    </>
  );
}

/** Paid orders waiting at the front desk; marking one delivered takes it off the list. */
export function OrdersCard({ schoolId }: { schoolId: string }) {
  const orders = useStoreOrdersQuery({ schoolId, status: 'paid' });
  const [deliver, delivering] = useDeliverOrderMutation();
  const canDeliver = useGrant('billing.write');
  const [problem, setProblem] = useState<string | null>(null);
  const markDelivered = async (id: string) => {
    setProblem(null);
    const answer = await deliver({ schoolId, id });
    if ('error' in answer) setProblem(readError(answer.error).message);
  };
  return (
    <Card title="Pedidos por entregar">
      {problem && <FormError>{problem}</FormError>}
      {orders.error && <FormError>{readError(orders.error).message}</FormError>}
      {orders.data && (
        <DataTable<OptionalOrder>
          caption="Pedidos pagados por entregar"
          rows={orders.data}
          rowKey={(o) => o.id}
          oneLineOnPhones
          empty={<EmptyState title="No hay pedidos por entregar" />}
          columns={[
            { header: 'Fecha', cell: (o) => <InstantText instant={o.created_at} /> },
            { header: 'Comprador', cell: (o) => <Buyer order={o} /> },
            {
              header: 'Artículos',
              cell: (o) =>
                o.lines
                  .map((l) => `${l.quantity} × ${l.item_name} (${l.variant_label})`)
                  .join(', '),
            },
            {
              header: 'Total',
              align: 'end',
              cell: (o) => <MoneyText centavos={o.total_centavos} />,
            },
            {
              header: 'Acciones',
              cell: (o) => (
                <Button
                  variant="secondary"
                  disabled={!canDeliver || delivering.isLoading}
                  title={canDeliver ? undefined : 'Tu rol no puede entregar pedidos.'}
                  onClick={() => void markDelivered(o.id)}
                >
                  Marcar entregado
                </Button>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
