import styled from 'styled-components';

/** A table cell's second line: what qualifies the first (an e-mail, a type, the terms). */
export const CellNote = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: ${({ theme }) => theme.fontSizes.small};
  overflow-wrap: anywhere;
`;
