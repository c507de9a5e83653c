import type { Order } from '@cuota/contracts/billing/orders';
import { DataTable } from '@cuota/ui/data-table';
import { formatPeriod } from '@cuota/ui/dates';
import { DateText } from '@cuota/ui/date-text';
import { MoneyText } from '@cuota/ui/money-text';
import { StatusBadge } from '@cuota/ui/status-badge';
import { orderStatementUrl } from '@cuota/web-core/api/order-statement-url';

const label = (o: Order) =>
  o.period ? `${o.concept_name} ${formatPeriod(o.period)}` : o.concept_name;

/** Orders as of today: base, scholarships and discounts, late fee, paid, pending, status. */
export function OrdersTable({ caption, orders }: { caption: string; orders: Order[] }) {
  return (
    <DataTable<Order>
      caption={caption}
      rows={orders}
      rowKey={(o) => o.id}
      empty={<p>No hay órdenes abiertas.</p>}
      columns={[
        { header: 'Concepto', cell: (o) => o.concept_name },
        { header: 'Periodo', cell: (o) => (o.period ? formatPeriod(o.period) : '—') },
        { header: 'Vence', cell: (o) => <DateText date={o.due_on} /> },
        { header: 'Monto', align: 'end', cell: (o) => <MoneyText centavos={o.amount_centavos} /> },
        {
          header: 'Becas y descuentos',
          align: 'end',
          cell: (o) => (
            <MoneyText
              centavos={
                o.scholarship_centavos + o.discount_centavos + o.early_payment_discount_centavos
              }
            />
          ),
        },
        {
          header: 'Recargo',
          align: 'end',
          cell: (o) => <MoneyText centavos={o.late_fee_centavos} />,
        },
        { header: 'Pagado', align: 'end', cell: (o) => <MoneyText centavos={o.paid_centavos} /> },
        {
          header: 'Pendiente',
          align: 'end',
          cell: (o) => <MoneyText centavos={o.pending_amount} />,
        },
        { header: 'Estatus', cell: (o) => <StatusBadge kind="orderPayment" status={o.status} /> },
        {
          header: 'Descargar',
          cell: (o) => (
            <>
              <a href={orderStatementUrl(o, 'pdf')} download aria-label={`PDF de ${label(o)}`}>
                PDF
              </a>{' '}
              <a href={orderStatementUrl(o, 'xml')} download aria-label={`XML de ${label(o)}`}>
                XML
              </a>
            </>
          ),
        },
      ]}
    />
  );
}
