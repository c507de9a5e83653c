import styled from 'styled-components';
import type { Order } from '@cuota/contracts/billing/orders';
import { formatPeriod } from '@cuota/ui/dates';
import { DateText } from '@cuota/ui/date-text';
import { MoneyText } from '@cuota/ui/money-text';
import { StatusBadge } from '@cuota/ui/status-badge';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const Row = styled.label`
  display: grid;
  grid-template-columns: auto 1fr auto;
  gap: ${({ theme }) => theme.space(3)};
  align-items: start;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
  input {
    width: 24px;
    height: 24px;
    margin: 0;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.mutedText};
  }
`;

export const orderLabel = (o: Order) =>
  `${o.concept_name}${o.period ? ` ${formatPeriod(o.period)}` : ''}`;

interface Props {
  studentName: string;
  orders: Order[];
  isSelected: (order: Order) => boolean;
  onToggle: (order: Order) => void;
}

/** One student's open orders: concept, period, due date, amount, late fee and status. */
export function OwedOrders({ studentName, orders, isSelected, onToggle }: Props) {
  return (
    <section aria-label={studentName}>
      <h2>{studentName}</h2>
      <List>
        {orders.map((order) => (
          <li key={order.id}>
            <Row>
              <input
                type="checkbox"
                checked={isSelected(order)}
                onChange={() => onToggle(order)}
                aria-label={`Pagar ${orderLabel(order)} de ${studentName}`}
              />
              <span>
                <strong>{orderLabel(order)}</strong>
                <small>
                  Vence el <DateText date={order.due_on} />
                </small>
                {order.late_fee_centavos > 0 && (
                  <small>
                    Incluye recargo de <MoneyText centavos={order.late_fee_centavos} />
                  </small>
                )}
                <StatusBadge kind="orderPayment" status={order.status} />
              </span>
              <MoneyText centavos={order.pending_amount || order.final_amount} />
            </Row>
          </li>
        ))}
      </List>
    </section>
  );
}
