import styled from 'styled-components';
import type { Order } from '@cuota/contracts/billing/orders';
import { formatPeriod } from '@cuota/ui/dates';
import { DateText } from '@cuota/ui/date-text';
import { MoneyText } from '@cuota/ui/money-text';
import { StackList } from '@cuota/ui/row-list';
import { StatusBadge } from '@cuota/ui/status-badge';
import { amountDue } from '../utils/amount-due';

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

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  h2 {
    margin-bottom: 0;
  }
  p {
    margin: 0;
  }
`;

const SelectAll = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 44px;
  margin: ${({ theme }) => `${theme.space(1)} 0 ${theme.space(2)}`};
  padding: 0 ${({ theme }) => theme.space(3)};
  cursor: pointer;
  input {
    width: 24px;
    height: 24px;
    margin: 0;
  }
`;

/** What an order asks for now: what is pending, or its whole amount when nothing is. */
export const orderLabel = (o: Order) =>
  `${o.concept_name}${o.period ? ` ${formatPeriod(o.period)}` : ''}`;

interface Props {
  studentName: string;
  orders: Order[];
  isSelected: (order: Order) => boolean;
  onToggle: (order: Order) => void;
  onSelectAll: (orders: Order[], selected: boolean) => void;
}

/**
 * One student's open orders (concept, period, due date, amount, late fee and status), what
 * they add up to, and one box that selects them all or none.
 */
export function OwedOrders({ studentName, orders, isSelected, onToggle, onSelectAll }: Props) {
  const chosen = orders.filter(isSelected).length;
  const all = chosen === orders.length;
  return (
    <section aria-label={studentName}>
      <Header>
        <h2>{studentName}</h2>
        <p>
          Debe <MoneyText centavos={orders.reduce((sum, o) => sum + amountDue(o), 0)} />
        </p>
      </Header>
      <SelectAll>
        <input
          type="checkbox"
          checked={all}
          ref={(box) => {
            if (box) box.indeterminate = chosen > 0 && !all;
          }}
          onChange={() => onSelectAll(orders, !all)}
        />
        Seleccionar todo de {studentName.split(' ')[0]}
      </SelectAll>
      <StackList>
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
              <MoneyText centavos={amountDue(order)} />
            </Row>
          </li>
        ))}
      </StackList>
    </section>
  );
}
