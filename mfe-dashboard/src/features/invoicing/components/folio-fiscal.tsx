import { Fragment } from 'react';
import styled from 'styled-components';
import { compact } from '@cuota/ui/theme';

/**
 * Monospace, so the 36 characters keep one width and read group by group; the note's
 * break-anywhere is turned off, so a narrow column breaks only after a hyphen. On phones the
 * list keeps each cell to one line and scrolls sideways, and Chromium breaks at a <wbr> even
 * under nowrap: there the break points go.
 */
const Code = styled.code`
  font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace;
  font-size: 0.8125rem;
  overflow-wrap: normal;
  word-break: normal;
  ${compact} {
    wbr {
      display: none;
    }
  }
`;

/**
 * SAT's folio fiscal (the CFDI's UUID, 8-4-4-4-12): what the family, the PAC and SAT's
 * verifier name it by. Copied whole (the break points are `<wbr>`, not characters).
 */
export function FolioFiscal({ uuid }: { uuid: string }) {
  const groups = uuid.split('-');
  return (
    <Code>
      {groups.map((group, i) => (
        <Fragment key={i}>
          {group}
          {i < groups.length - 1 && (
            <>
              -<wbr />
            </>
          )}
        </Fragment>
      ))}
    </Code>
  );
}
