import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@cuota/ui/button';
import { wide } from '@cuota/ui/theme';

const Wrapper = styled.div`
  position: relative;
`;

const Toggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 44px;
  /* A phone's header shares its row with the school's name; a wide one shows a whole name. */
  max-width: 220px;
  ${wide} {
    max-width: 400px;
  }
  padding: ${({ theme }) => `0 ${theme.space(3)}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  span:first-child {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Panel = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + ${({ theme }) => theme.space(1)});
  z-index: ${({ theme }) => theme.zIndex.overlay};
  min-width: 240px;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  box-shadow: ${({ theme }) => theme.shadow};
  p {
    margin: 0;
  }
`;

const Detail = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: ${({ theme }) => theme.fontSizes.small};
  overflow-wrap: anywhere;
`;

export interface UserMenuProps {
  name: string;
  /** Under the name: the e-mail, the role… */
  detail?: string | null;
  /** The user's own pages (their data), above «Cerrar sesión»; following one closes the menu. */
  links?: ReactNode;
  onSignOut: () => void;
}

/** Who is signed in, and signing out, behind a button with the user's name. */
export function UserMenu({ name, detail, links, onSignOut }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <Wrapper ref={wrapper}>
      <Toggle
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <span>{name}</span>
        <span aria-hidden="true">▾</span>
      </Toggle>
      {open && (
        <Panel id={panelId}>
          <p>
            <strong>{name}</strong>
          </p>
          {detail && <Detail>{detail}</Detail>}
          {links && <nav onClick={() => setOpen(false)}>{links}</nav>}
          <Button variant="secondary" onClick={onSignOut}>
            Cerrar sesión
          </Button>
        </Panel>
      )}
    </Wrapper>
  );
}
