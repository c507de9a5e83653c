import { useId } from 'react';
import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Wrapper = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(8)};
  color: ${({ theme }) => theme.colors.mutedText};
  font-weight: 600;
`;

const Circle = styled.span`
  flex: none;
  width: 28px;
  height: 28px;
  border-radius: 50%;
  border: 4px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2.4s;
  }
`;

/** A busy indicator that says what is loading, to everyone and to screen readers. */
export function Spinner({ label = 'Cargando…' }: { label?: string }) {
  const labelId = useId();
  return (
    <Wrapper role="status" aria-live="polite" aria-labelledby={labelId}>
      <Circle aria-hidden="true" />
      <span id={labelId}>{label}</span>
    </Wrapper>
  );
}
