import type { HTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';

const Surface = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.large};
  box-shadow: ${({ theme }) => theme.shadow};
  padding: ${({ theme }) => theme.space(5)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  & > p {
    margin: 0;
  }
`;

const Title = styled.h2`
  margin: 0;
  font-size: 1.125rem;
`;

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
}

/** A titled surface; the title labels the section for screen readers. */
export function Card({ title, children, ...props }: CardProps) {
  return (
    <Surface {...props}>
      {title && <Title>{title}</Title>}
      {children}
    </Surface>
  );
}
