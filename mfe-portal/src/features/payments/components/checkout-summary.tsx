import styled from 'styled-components';
import type { Order } from '@cuota/contracts/billing/orders';
import { MoneyText } from '@cuota/ui/money-text';
import { amountDue } from '../utils/amount-due';
import { orderLabel } from './owed-orders';

const Lines = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(3)};
    padding: ${({ theme }) => `${theme.space(2)} 0`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.mutedText};
  }
`;

const Total = styled.p`
  display: flex;
  justify-content: space-between;
  font-weight: 700;
`;

/** What the card payment is about to pay: each order, whose it is, and the total. */
export function CheckoutSummary({
  orders,
  totalCentavos,
}: {
  orders: Order[];
  totalCentavos: number;
}) {
  return (
    <section aria-label="Lo que vas a pagar">
      <h2>Lo que vas a pagar</h2>
      <Lines>
        {orders.map((order) => (
          <li key={order.id}>
            <span>
              {orderLabel(order)}
              <small>{order.student.name}</small>
            </span>
            <MoneyText centavos={amountDue(order)} />
          </li>
        ))}
      </Lines>
      <Total>
        <span>Total</span>
        <MoneyText centavos={totalCentavos} />
      </Total>
    </section>
  );
}
