import { useMemo, type ReactNode } from 'react';
import styled from 'styled-components';
import { FrameContext } from '@cuota/ui/frame-context';
import { Brand, Main, TopBar, TopBarEnd } from '@cuota/ui/frame-pieces';
import type { NavigationItem } from '@cuota/ui/side-navigation';
import { MAIN_CONTENT_ID, SkipLink } from '@cuota/ui/skip-link';
import { compact, onPaper } from '@cuota/ui/theme';
import { useNavigated } from '@cuota/ui/use-navigated';

const BOTTOM_BAR_HEIGHT = '64px';

const Layout = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  ${compact} {
    padding-bottom: ${BOTTOM_BAR_HEIGHT};
  }
  ${onPaper} {
    min-height: 0;
    padding-bottom: 0;
  }
`;

/** Top links on wide screens; on phones, a bar fixed at the bottom within thumb's reach. */
const Nav = styled.nav`
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  ul {
    display: flex;
    gap: ${({ theme }) => theme.space(1)};
    list-style: none;
    margin: 0 auto;
    padding: ${({ theme }) => `0 ${theme.space(3)}`};
    max-width: ${({ theme }) => theme.layout.contentMaxWidth};
  }
  a {
    display: flex;
    align-items: center;
    justify-content: center;
    min-height: 48px;
    padding: ${({ theme }) => `0 ${theme.space(3)}`};
    border-bottom: 3px solid transparent;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    text-align: center;
  }
  a:hover {
    text-decoration: underline;
  }
  a[aria-current='page'] {
    font-weight: 700;
    color: ${({ theme }) => theme.colors.primaryHover};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
  ${compact} {
    position: fixed;
    left: 0;
    right: 0;
    bottom: 0;
    z-index: ${({ theme }) => theme.zIndex.sticky};
    border-bottom: none;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    box-shadow: 0 -1px 3px rgba(16, 24, 40, 0.08);
    ul {
      padding: 0;
      gap: 0;
    }
    li {
      flex: 1;
    }
    a {
      height: ${BOTTOM_BAR_HEIGHT};
      padding: 0 ${({ theme }) => theme.space(1)};
      font-size: 0.8125rem;
      line-height: 1.2;
      border-bottom: none;
      border-top: 3px solid transparent;
    }
    /* The bar on top marks the page; bold would widen its tab and move the others
       («Suscripciones» does not fit a fifth of a phone in bold). */
    a[aria-current='page'] {
      font-weight: inherit;
      border-top-color: ${({ theme }) => theme.colors.primary};
    }
  }
  ${onPaper} {
    display: none;
  }
`;

export interface PortalFrameProps {
  /** The family's school, named in the header and the tab title. */
  schoolName: string | null;
  userMenu: ReactNode;
  navigation: NavigationItem[];
  routeKey: string;
  children: ReactNode;
}

/** The family portal around every signed-in page, phone first. */
export function PortalFrame(props: PortalFrameProps) {
  const { schoolName, userMenu, navigation, routeKey, children } = props;
  const navigated = useNavigated(routeKey);
  const frame = useMemo(
    () => ({ place: schoolName, navigated, compactBottomInset: BOTTOM_BAR_HEIGHT }),
    [schoolName, navigated],
  );
  return (
    <FrameContext value={frame}>
      <SkipLink />
      <Layout>
        <TopBar>
          <Brand>
            <span>{schoolName ?? 'Cuota'}</span>
            <span>Portal de familias</span>
          </Brand>
          <TopBarEnd>{userMenu}</TopBarEnd>
        </TopBar>
        <Nav aria-label="Secciones del portal">
          <ul>
            {navigation.map((item) => (
              <li key={item.key}>{item.link}</li>
            ))}
          </ul>
        </Nav>
        <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
          {children}
        </Main>
      </Layout>
    </FrameContext>
  );
}
