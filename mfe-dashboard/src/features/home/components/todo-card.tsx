import styled from 'styled-components';
import { Card } from '@cuota/ui/card';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { useHomeInvoicingTodoQuery, useHomePaymentsTodoQuery } from '../api/home-api';

export interface TodoItem {
  key: string;
  /** Zero: nothing waits, the item is left out. */
  count: number;
  text: string;
  to: string;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

const List = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(5)};
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

/**
 * What waits on someone at the school, each from the service that knows it and only for a
 * role that may act on it (or, for invoices and CSD, read them).
 */
export function TodoCard({ schoolId }: { schoolId: string }) {
  const readsInvoices = useGrant('invoicing.read');
  const readsPayments = useGrant('payments.read');
  const invoicing = useHomeInvoicingTodoQuery(schoolId, { skip: !readsInvoices }).data;
  const payments = useHomePaymentsTodoQuery(schoolId, { skip: !readsPayments }).data;
  const failed = invoicing?.failed_invoices ?? 0;
  const reported = payments?.reported_transfers ?? 0;
  // Null for a role that may not approve payouts (payments decides, ADR 0043).
  const scheduled = payments?.scheduled_payouts ?? 0;
  const items: TodoItem[] = [
    {
      key: 'invoices',
      count: failed,
      text: `${failed} ${plural(failed, 'factura no se pudo timbrar', 'facturas no se pudieron timbrar')}`,
      to: '/dashboard/invoices?status=failed',
    },
    {
      key: 'transfers',
      count: reported,
      text: `${reported} ${plural(reported, 'transferencia reportada por confirmar', 'transferencias reportadas por confirmar')}`,
      to: '/dashboard/payments',
    },
    {
      key: 'payouts',
      count: scheduled,
      text: `${scheduled} ${plural(scheduled, 'dispersión por aprobar', 'dispersiones por aprobar')}`,
      to: '/dashboard/payments/payouts',
    },
    ...(invoicing?.csd_to_renew ?? []).map((e) => ({
      key: `csd-${e.id}`,
      count: 1,
      text:
        e.days_left < 0
          ? `El CSD de ${e.legal_name} ya venció`
          : `El CSD de ${e.legal_name} vence en ${e.days_left} ${plural(e.days_left, 'día', 'días')}`,
      to: '/dashboard/fiscal',
    })),
  ];
  return <TodoList items={items.filter((i) => i.count > 0)} />;
}

export function TodoList({ items }: { items: TodoItem[] }) {
  return (
    <Card title="Pendientes">
      {items.length === 0 ? (
        <p>No hay nada pendiente por ahora.</p>
      ) : (
        <List>
          {items.map((i) => (
            <li key={i.key}>
              <UtmLink to={i.to}>{i.text}</UtmLink>
            </li>
          ))}
        </List>
      )}
    </Card>
  );
}
