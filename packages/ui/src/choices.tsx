import styled from 'styled-components';

/** A group of radio buttons or checkboxes under its question, each a full-height tap target. */
export const Choices = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  legend {
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space(2)};
  }
  label {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
    /* The box sits on the first line of a long label; the row stays a 44 px target. */
    align-items: baseline;
    min-height: 44px;
    padding-block: ${({ theme }) => theme.space(2)};
    box-sizing: border-box;
  }
`;
