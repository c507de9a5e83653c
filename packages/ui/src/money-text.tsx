import styled from 'styled-components';
import { centavosToDecimal, formatMoney } from '@cuota/ui/money';

const Amount = styled.data`
  font-variant-numeric: ${({ theme }) => theme.fonts.numbers};
  white-space: nowrap;
`;

/** An amount on screen: `$1,234.50`, with its exact decimal value for machines. */
export function MoneyText({ centavos }: { centavos: number }) {
  return <Amount value={centavosToDecimal(centavos)}>{formatMoney(centavos)}</Amount>;
}
