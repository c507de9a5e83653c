import styled from 'styled-components';
import { FormColumn } from '@cuota/ui/form-pieces';

/**
 * A form opened inside a row's actions cell (kept on one line on phones): it wraps its own
 * words in a fixed width, so its long labels and SAT's sentences never widen the table.
 */
export const CellForm = styled(FormColumn)`
  white-space: normal;
  width: min(16rem, 75vw);
  select {
    width: 100%;
  }
`;
