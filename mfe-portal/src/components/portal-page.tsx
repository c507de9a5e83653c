import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useParams } from 'react-router';
import { Button } from '@cuota/ui/button';
import { PageLayout } from '@cuota/ui/page-layout';
import { useAuthActions } from '@cuota/web-core/auth/use-auth-actions';
import { useAlert } from '@cuota/web-core/alert/use-alert';
import { UtmNavLink } from '@cuota/web-core/routing/utm-link';
import { useSession } from '@cuota/web-core/session/use-session';

const Links = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(5)};
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => `${theme.space(3)} 0`};
  a[aria-current='page'] {
    font-weight: 700;
  }
`;

function PortalNavigation({ home, highRisk }: { home: string; highRisk: boolean }) {
  return (
    <Links>
      <li>
        <UtmNavLink to={home} end>
          Inicio
        </UtmNavLink>
      </li>
      {/* Spec §6: a high-risk guardian loses these three pages. */}
      {!highRisk && (
        <>
          <li>
            <UtmNavLink to={`${home}/students`}>Estudiantes</UtmNavLink>
          </li>
          <li>
            <UtmNavLink to={`${home}/subscriptions`}>Suscripciones</UtmNavLink>
          </li>
          <li>
            <UtmNavLink to={`${home}/payments/history`}>Historial de pagos</UtmNavLink>
          </li>
        </>
      )}
    </Links>
  );
}

/** The frame of every signed-in portal page: who is signed in, navigation, sign-out. */
export function PortalPage({ title, children }: { title: string; children: ReactNode }) {
  const { guardianHash = '' } = useParams();
  const { data } = useSession();
  const { signOut } = useAuthActions();
  const { showAlert } = useAlert();
  const user = data?.user;
  const signOutOrExplain = () =>
    signOut().catch(() => showAlert('No pudimos cerrar tu sesión. Intenta de nuevo.', 'error'));

  return (
    <PageLayout
      title={title}
      brand="Cuota · Portal de familias"
      navigationLabel="Secciones del portal"
      navigation={
        <PortalNavigation
          home={`/guardians/${guardianHash}`}
          highRisk={user?.fraud_status === 'high_risk'}
        />
      }
      actions={
        <>
          {user && <span>{user.name}</span>}
          <Button variant="secondary" onClick={signOutOrExplain}>
            Cerrar sesión
          </Button>
        </>
      }
    >
      {children}
    </PageLayout>
  );
}
