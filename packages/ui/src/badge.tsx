import type { HTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';
import type { Tone } from '@cuota/ui/theme';

const Pill = styled.span<{ $tone: Tone }>`
  display: inline-block;
  align-self: flex-start;
  padding: ${({ theme }) => `${theme.space(0.5)} ${theme.space(2)}`};
  border-radius: 999px;
  font-size: 0.8125rem;
  font-weight: 600;
  white-space: nowrap;
  color: ${({ theme, $tone }) => theme.colors[$tone]};
  background: ${({ theme, $tone }) => theme.colors[`${$tone}Surface`]};
`;

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: Tone;
  children: ReactNode;
}

export function Badge({ tone = 'info', children, ...props }: BadgeProps) {
  return (
    <Pill $tone={tone} {...props}>
      {children}
    </Pill>
  );
}
