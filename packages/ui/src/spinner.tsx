import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Wrapper = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space(8)};
`;

const Circle = styled.span`
  width: 40px;
  height: 40px;
  border-radius: 50%;
  border: 4px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2.4s;
  }
`;

/** A busy indicator announced politely to screen readers. */
export function Spinner({ label = 'Cargando…' }: { label?: string }) {
  return (
    <Wrapper role="status" aria-live="polite" aria-label={label}>
      <Circle aria-hidden="true" />
    </Wrapper>
  );
}
