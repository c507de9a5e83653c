import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { Tone } from '@cuota/ui/theme';

const Pill = styled.span<{ $tone: Tone }>`
  display: inline-block;
  align-self: flex-start;
  padding: ${({ theme }) => `${theme.space(0.5)} ${theme.space(2)}`};
  border-radius: 999px;
  font-size: 0.8125rem;
  font-weight: 600;
  color: ${({ theme, $tone }) => theme.colors[$tone]};
  background: ${({ theme, $tone }) => theme.colors[`${$tone}Surface`]};
`;

export function Badge({ tone = 'info', children }: { tone?: Tone; children: ReactNode }) {
  return <Pill $tone={tone}>{children}</Pill>;
}
