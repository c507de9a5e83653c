import { useEffect } from 'react';
import styled from 'styled-components';
import { onPaper, type Tone } from '@cuota/ui/theme';

const Banner = styled.div<{ $tone: Tone }>`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(6)}`};
  color: ${({ theme, $tone }) => theme.colors[$tone]};
  background: ${({ theme, $tone }) => theme.colors[`${$tone}Surface`]};
  border-bottom: 1px solid currentColor;
  ${onPaper} {
    display: none;
  }
`;

const Text = styled.p`
  margin: 0;
  font-weight: 600;
`;

const Close = styled.button`
  background: none;
  border: none;
  font: inherit;
  color: inherit;
  text-decoration: underline;
  cursor: pointer;
`;

export interface AlertBannerProps {
  text: string;
  type: Tone;
  open: boolean;
  /** Restarts the auto-close timer when a new alert replaces the current one. */
  alertKey?: number;
  autoCloseMs: number;
  onClose: () => void;
}

/** The page-wide alert; errors interrupt screen readers, other types wait their turn. */
export function AlertBanner({
  text,
  type,
  open,
  alertKey,
  autoCloseMs,
  onClose,
}: AlertBannerProps) {
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(onClose, autoCloseMs);
    return () => clearTimeout(timer);
  }, [open, alertKey, autoCloseMs, onClose]);

  if (!open) return null;
  return (
    <Banner $tone={type} role={type === 'error' || type === 'warning' ? 'alert' : 'status'}>
      <Text>{text}</Text>
      <Close type="button" onClick={onClose}>
        Cerrar
      </Close>
    </Banner>
  );
}
