import styled from 'styled-components';

/** An unbulleted list in a column, its items two steps apart; each item styles itself. */
export const StackList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

/**
 * A StackList whose items are each one row, its ends apart, wrapping on a narrow screen: the
 * portal's paid concepts, the store's variants. `$rowGap`: the space between an item's pieces,
 * in theme steps (2 unless told).
 */
export const RowList = styled(StackList)<{ $rowGap?: number }>`
  & > li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    align-items: center;
    gap: ${({ theme, $rowGap = 2 }) => theme.space($rowGap)};
  }
`;
