import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { Tone } from '@cuota/ui/theme';

const Box = styled.div<{ $tone: Tone }>`
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border-left: 4px solid ${({ theme, $tone }) => theme.colors[$tone]};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme, $tone }) => theme.colors[`${$tone}Surface`]};
  p {
    margin: 0;
  }
`;

/** A standing note on a page (not an alert): read-only access, what happens next… */
export function Notice({ tone = 'info', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <Box $tone={tone} data-tone={tone}>
      {children}
    </Box>
  );
}
