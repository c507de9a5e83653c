import type { ReactNode } from 'react';
import styled from 'styled-components';

const Box = styled.div`
  text-align: center;
  padding: ${({ theme }) => `${theme.space(10)} ${theme.space(4)}`};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.large};
  background: ${({ theme }) => theme.colors.surface};
`;

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: 1.125rem;
`;

const Description = styled.p`
  margin: 0 auto;
  max-width: 40ch;
  color: ${({ theme }) => theme.colors.mutedText};
`;

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}

/** What a page shows when it has nothing to list yet. */
export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <Box>
      <Title>{title}</Title>
      {description && <Description>{description}</Description>}
      {action}
    </Box>
  );
}
