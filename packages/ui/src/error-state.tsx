import styled from 'styled-components';
import { Button } from '@cuota/ui/button';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  text-align: center;
  padding: ${({ theme }) => `${theme.space(8)} ${theme.space(4)}`};
  border: 1px solid ${({ theme }) => theme.colors.error};
  border-radius: ${({ theme }) => theme.radii.large};
  background: ${({ theme }) => theme.colors.errorSurface};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.large};
  color: ${({ theme }) => theme.colors.error};
`;

const Message = styled.p`
  margin: 0;
  max-width: 50ch;
`;

export interface ErrorStateProps {
  /** What could not be done, e.g. "No pudimos cargar los pagos". */
  title?: string;
  /** The server's Spanish message, or what to do next. */
  message?: string;
  onRetry?: () => void;
}

/** What a page shows instead of data it could not load, with a way to try again. */
export function ErrorState({
  title = 'No pudimos cargar esta información',
  message,
  onRetry,
}: ErrorStateProps) {
  return (
    <Box role="alert">
      <Title>{title}</Title>
      {message && <Message>{message}</Message>}
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Reintentar
        </Button>
      )}
    </Box>
  );
}
