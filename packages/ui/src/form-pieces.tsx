import styled from 'styled-components';

/** Layout pieces forms share across remotes (fields in a column, actions in a row). */
export const FormColumn = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

export const FormRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-end;
`;

/** Fields side by side where they fit, one per line (full width) on a phone. */
export const FieldGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
`;

/** A form-level error (the API's Spanish message), announced when it appears. */
export const FormError = styled.p.attrs({ role: 'alert' })`
  margin: 0;
  color: ${({ theme }) => theme.colors.error};
  font-weight: 600;
`;

export const FieldLabel = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  font-weight: 600;
`;

export const Select = styled.select`
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  font: inherit;
  border-radius: ${({ theme }) => theme.radii.medium};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;
