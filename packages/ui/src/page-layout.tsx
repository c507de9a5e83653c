import type { ReactNode } from 'react';
import styled from 'styled-components';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(6)}`};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Brand = styled.p`
  margin: 0;
  font-weight: 700;
  font-size: 1.125rem;
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const Nav = styled.nav`
  padding: ${({ theme }) => `0 ${theme.space(6)}`};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Main = styled.main`
  max-width: 960px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(6)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(5)};
`;

const Heading = styled.h1`
  margin: 0;
  font-size: 1.5rem;
`;

export interface PageLayoutProps {
  /** The page's h1. */
  title: ReactNode;
  brand?: ReactNode;
  /** Right side of the header: the user's name, sign-out… */
  actions?: ReactNode;
  /** Labelled navigation under the header. */
  navigation?: ReactNode;
  navigationLabel?: string;
  children: ReactNode;
}

export function PageLayout(props: PageLayoutProps) {
  const { title, brand = 'Cuota', actions, navigation, navigationLabel, children } = props;
  return (
    <>
      <Header>
        <Brand>{brand}</Brand>
        {actions && <Actions>{actions}</Actions>}
      </Header>
      {navigation && <Nav aria-label={navigationLabel ?? 'Navegación principal'}>{navigation}</Nav>}
      <Main>
        <Heading>{title}</Heading>
        {children}
      </Main>
    </>
  );
}
