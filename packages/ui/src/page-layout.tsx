import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Brand, Main, TopBar, TopBarEnd } from '@cuota/ui/frame-pieces';
import { Page } from '@cuota/ui/page';
import { MAIN_CONTENT_ID, SkipLink } from '@cuota/ui/skip-link';

const Layout = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

export interface PageLayoutProps {
  /** The page's h1 and tab title. */
  title: string;
  /** The surface's name beside "Cuota" (Panel escolar, Portal de familias…). */
  surface?: string;
  /** Right side of the header. */
  actions?: ReactNode;
  /** Sign-in pages and short notices read in a narrow column. */
  narrow?: boolean;
  children: ReactNode;
}

/**
 * A page outside the signed-in frames (sign-in, not found, a remote that is down): the
 * brand, the skip link, the h1 and the tab title.
 */
export function PageLayout({ title, surface, actions, narrow, children }: PageLayoutProps) {
  return (
    <>
      <SkipLink />
      <Layout>
        <TopBar>
          <Brand>
            <span>Cuota</span>
            {surface && <span>{surface}</span>}
          </Brand>
          {actions && <TopBarEnd>{actions}</TopBarEnd>}
        </TopBar>
        <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
          <Page title={title} narrow={narrow}>
            {children}
          </Page>
        </Main>
      </Layout>
    </>
  );
}
