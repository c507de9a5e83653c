import type { ReactNode } from 'react';
import { Button } from '@cuota/ui/button';
import { PageLayout } from '@cuota/ui/page-layout';
import { useAlert } from '@cuota/web-core/alert/use-alert';
import { useAuthActions } from '@cuota/web-core/auth/use-auth-actions';
import { useSession } from '@cuota/web-core/session/use-session';
import { useCurrentUserQuery } from '../features/school/api/school-api';
import { SectionNavigation, useCurrentMembership } from './section-navigation';

/** The frame of every signed-in dashboard page. */
export function DashboardPage({ title, children }: { title: string; children: ReactNode }) {
  const { data } = useSession();
  const { signOut } = useAuthActions();
  const { showAlert } = useAlert();
  const me = useCurrentUserQuery();
  const membership = useCurrentMembership(me.data?.memberships ?? []);
  const signOutOrExplain = () =>
    signOut().catch(() => showAlert('No pudimos cerrar tu sesión. Intenta de nuevo.', 'error'));
  return (
    <PageLayout
      title={title}
      brand="Cuota · Panel escolar"
      navigation={<SectionNavigation membership={membership} />}
      navigationLabel="Secciones del panel"
      actions={
        <>
          {data && <span>{data.user.name}</span>}
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
