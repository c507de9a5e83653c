import { useMemo, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { FrameContext } from '@cuota/ui/frame-context';
import { Brand, Main, TopBar } from '@cuota/ui/frame-pieces';
import { MAIN_CONTENT_ID, SkipLink } from '@cuota/ui/skip-link';
import { useNavigated } from '@cuota/ui/use-navigated';

const Layout = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

const Logo = styled.img`
  width: 40px;
  height: 40px;
  object-fit: contain;
  border-radius: ${({ theme }) => theme.radii.small};
`;

const Footer = styled.footer`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  justify-content: center;
  padding: ${({ theme }) => theme.space(5)};
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: ${({ theme }) => theme.fontSizes.small};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  p {
    margin: 0;
  }
`;

export interface StoreFrameProps {
  /** The school whose store this is, when a signed-out visitor may know it. */
  schoolName: string | null;
  logoUrl?: string | null;
  /** Links at the foot of every page (the privacy notice…). */
  footer?: ReactNode;
  routeKey: string;
  children: ReactNode;
}

/** The school store around every page: the school's name and logo, and the footer. */
export function StoreFrame(props: StoreFrameProps) {
  const { schoolName, logoUrl, footer, routeKey, children } = props;
  const navigated = useNavigated(routeKey);
  // A school without a logo answers 404: no broken image, just the name.
  const [logoFailed, setLogoFailed] = useState<string | null>(null);
  const showLogo = logoUrl && logoFailed !== logoUrl;
  const frame = useMemo(() => ({ place: schoolName, navigated }), [schoolName, navigated]);
  return (
    <FrameContext value={frame}>
      <SkipLink />
      <Layout>
        <TopBar>
          <Brand>
            {/* Decorative: the name beside it says whose logo it is. */}
            {showLogo && <Logo src={logoUrl} alt="" onError={() => setLogoFailed(logoUrl)} />}
            {/* Without the school's name, the store is named for what it is. */}
            <span>{schoolName ?? 'Tienda escolar'}</span>
            {schoolName && <span>Tienda escolar</span>}
          </Brand>
        </TopBar>
        <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
          {children}
        </Main>
        <Footer>
          {footer}
          <p>Con tecnología de Cuota</p>
        </Footer>
      </Layout>
    </FrameContext>
  );
}
