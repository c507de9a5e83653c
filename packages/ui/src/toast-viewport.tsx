import { useEffect, useRef, useState, type PointerEvent } from 'react';
import styled from 'styled-components';
import { StackList } from '@cuota/ui/row-list';
import { onPaper } from '@cuota/ui/theme';

/** Spec §9: a toast swiped up by this much is dismissed. */
export const SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = 'F8';

export interface ToastView {
  id: string;
  title: string;
  description?: string;
  action?: { label: string; href: string };
  open: boolean;
  variant: 'success' | 'error';
  duration: number;
}

const Region = styled.section`
  position: fixed;
  top: 0;
  left: 50%;
  transform: translateX(-50%);
  z-index: 1000;
  width: min(420px, 100vw);
  padding: ${({ theme }) => theme.space(3)};
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
  ${onPaper} {
    display: none;
  }
`;

const Item = styled.li<{ $variant: ToastView['variant'] }>`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.medium};
  box-shadow: ${({ theme }) => theme.shadow};
  border-left: 4px solid ${({ theme, $variant }) => theme.colors[$variant]};
  background: ${({ theme }) => theme.colors.surface};
  touch-action: pan-x;
  transition: opacity 200ms ease-out;
  &[data-state='closed'] {
    opacity: 0;
  }
`;

const Title = styled.p`
  margin: 0;
  font-weight: 600;
`;

const Description = styled.p`
  margin: 0;
  grid-column: 1;
  color: ${({ theme }) => theme.colors.mutedText};
`;

const Close = styled.button`
  grid-column: 2;
  grid-row: 1;
  background: none;
  border: none;
  font-size: 1.25rem;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.mutedText};
`;

function ToastItem({ toast, onDismiss }: { toast: ToastView; onDismiss: (id: string) => void }) {
  const [paused, setPaused] = useState(false);
  const swipeStart = useRef<number | null>(null);
  const { id, open, duration } = toast;

  // Hovering or focusing a toast holds it open, so it can be read and acted on.
  useEffect(() => {
    if (!open || paused) return;
    const timer = setTimeout(() => onDismiss(id), duration);
    return () => clearTimeout(timer);
  }, [id, open, paused, duration, onDismiss]);

  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current !== null && swipeStart.current - event.clientY >= SWIPE_THRESHOLD_PX) {
      onDismiss(id);
    }
    swipeStart.current = null;
  };

  return (
    <Item
      $variant={toast.variant}
      role={toast.variant === 'error' ? 'alert' : 'status'}
      aria-atomic="true"
      data-state={open ? 'open' : 'closed'}
      onPointerDown={(event) => (swipeStart.current = event.clientY)}
      onPointerUp={onPointerUp}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Title>{toast.title}</Title>
      {toast.description && <Description>{toast.description}</Description>}
      {toast.action && <a href={toast.action.href}>{toast.action.label}</a>}
      <Close type="button" aria-label="Cerrar notificación" onClick={() => onDismiss(id)}>
        ×
      </Close>
    </Item>
  );
}

export interface ToastViewportProps {
  toasts: ToastView[];
  onDismiss: (id: string) => void;
}

/** The toast area at the top of the page; F8 moves focus to it. */
export function ToastViewport({ toasts, onDismiss }: ToastViewportProps) {
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) region.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <Region ref={region} tabIndex={-1} aria-label={`Notificaciones (${TOAST_HOTKEY})`}>
      <StackList as="ol">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </StackList>
    </Region>
  );
}
