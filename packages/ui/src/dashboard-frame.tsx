import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { FrameContext } from '@cuota/ui/frame-context';
import { Brand, Main, TopBar, TopBarEnd } from '@cuota/ui/frame-pieces';
import { SideNavigation, type NavigationGroup } from '@cuota/ui/side-navigation';
import { MAIN_CONTENT_ID, SkipLink } from '@cuota/ui/skip-link';
import { compact, onPaper, wide } from '@cuota/ui/theme';
import { useNavigated } from '@cuota/ui/use-navigated';

const Layout = styled.div`
  display: flex;
  min-height: 100vh;
  ${compact} {
    flex-direction: column;
  }
  ${onPaper} {
    min-height: 0;
  }
`;

/**
 * The sidebar's column: white and bordered the whole height of the page (the layout's
 * row stretches it), however short the menu inside it.
 */
const Sidebar = styled.div`
  flex: none;
  width: ${({ theme }) => theme.layout.sidebarWidth};
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  ${compact} {
    order: 1;
    width: 100%;
    border-right: none;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    &:not([data-open='true']) {
      display: none;
    }
  }
  ${onPaper} {
    display: none;
  }
`;

/** The menu itself: stays in view while the page scrolls, and scrolls when taller. */
const SidebarMenu = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
  ${wide} {
    position: sticky;
    top: 0;
    max-height: 100vh;
    overflow-y: auto;
  }
`;

const SidebarBrand = styled(Brand)`
  ${compact} {
    display: none;
  }
`;

const Column = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  ${compact} {
    display: contents;
  }
`;

const Bar = styled(TopBar)`
  ${compact} {
    order: 0;
  }
`;

const CompactBrand = styled(Brand)`
  ${wide} {
    display: none;
  }
`;

const MenuButton = styled.button`
  min-height: 44px;
  padding: ${({ theme }) => `0 ${theme.space(3)}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  ${wide} {
    display: none;
  }
`;

const Content = styled(Main)`
  ${compact} {
    order: 2;
  }
`;

export interface DashboardFrameProps {
  /** The school being worked on: in the tab title. */
  schoolName: string | null;
  /** Picks the school (or names it, for someone in one school). */
  schoolSwitcher: ReactNode;
  /** The user menu (name, sign-out). */
  userMenu: ReactNode;
  navigation: NavigationGroup[];
  /** The current path: a change closes the phone menu and focuses the new page's heading. */
  routeKey: string;
  children: ReactNode;
}

/**
 * The staff dashboard around every signed-in page: a sidebar grouped by area with the
 * school switcher (on phones, behind a "Menú" button), a top bar with the user menu, and
 * the page in <main>.
 */
export function DashboardFrame(props: DashboardFrameProps) {
  const { schoolName, schoolSwitcher, userMenu, navigation, routeKey, children } = props;
  const navigated = useNavigated(routeKey);
  const [menu, setMenu] = useState({ open: false, routeKey });
  const open = menu.open && menu.routeKey === routeKey;
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const frame = useMemo(() => ({ place: schoolName, navigated }), [schoolName, navigated]);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenu({ open: false, routeKey });
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open, routeKey]);

  return (
    <FrameContext value={frame}>
      <SkipLink />
      <Layout>
        <Sidebar id={menuId} data-open={open} data-testid="dashboard-sidebar">
          <SidebarMenu>
            <SidebarBrand>
              <span>Cuota</span>
              <span>Panel escolar</span>
            </SidebarBrand>
            {schoolSwitcher}
            <nav aria-label="Secciones del panel">
              <SideNavigation groups={navigation} />
            </nav>
          </SidebarMenu>
        </Sidebar>
        <Column>
          <Bar>
            <MenuButton
              ref={menuButton}
              type="button"
              aria-expanded={open}
              aria-controls={menuId}
              onClick={() => setMenu({ open: !open, routeKey })}
            >
              Menú
            </MenuButton>
            <CompactBrand>
              <span>Cuota</span>
            </CompactBrand>
            <TopBarEnd>{userMenu}</TopBarEnd>
          </Bar>
          <Content id={MAIN_CONTENT_ID} tabIndex={-1}>
            {children}
          </Content>
        </Column>
      </Layout>
    </FrameContext>
  );
}
