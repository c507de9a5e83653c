import { Outlet, useLocation, useParams } from 'react-router';
import type { SessionUser } from '@cuota/contracts/identity/session';
import { PortalFrame } from '@cuota/ui/portal-frame';
import type { NavigationItem } from '@cuota/ui/side-navigation';
import { UserMenu } from '@cuota/ui/user-menu';
import { useAlert } from '@cuota/web-core/alert/use-alert';
import { useAuthActions } from '@cuota/web-core/auth/use-auth-actions';
import { UtmLink, UtmNavLink } from '@cuota/web-core/routing/utm-link';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useSession } from '@cuota/web-core/session/use-session';
import { useNotificationFromLink } from '../features/notifications/use-notification-from-link';

const item = (to: string, label: string, end = false): NavigationItem => ({
  key: to,
  link: (
    <UtmNavLink to={to} end={end}>
      {label}
    </UtmNavLink>
  ),
});

/**
 * The portal's sections for this guardian: while onboarding is not completed, only the
 * registration (every other page sends them there); a high-risk guardian loses students,
 * subscriptions and payment history (spec §6).
 */
export function portalMenu(home: string, user: SessionUser | undefined): NavigationItem[] {
  if (user && user.onboarding_stage !== 'COMPLETED')
    return [item(`${home}/onboarding`, 'Completa tu registro')];
  const menu = [item(home, 'Inicio', true)];
  if (user?.fraud_status === 'high_risk') return menu;
  return [
    ...menu,
    item(`${home}/students`, 'Alumnos'),
    item(`${home}/payments`, 'Pagos', true),
    item(`${home}/subscriptions`, 'Suscripciones'),
    item(`${home}/payments/history`, 'Historial de pagos'),
  ];
}

/** The frame of every signed-in portal page. */
export function PortalLayout() {
  const { guardianHash = '' } = useParams();
  const { pathname } = useLocation();
  const user = useSession().data?.user;
  const { school } = useCurrentSchool();
  const { signOut } = useAuthActions();
  const { showAlert } = useAlert();
  useNotificationFromLink();
  const signOutOrExplain = () =>
    signOut().catch(() => showAlert('No pudimos cerrar tu sesión. Intenta de nuevo.', 'error'));
  return (
    <PortalFrame
      schoolName={school?.name ?? null}
      userMenu={
        <UserMenu
          name={user?.name ?? ''}
          detail={user?.email}
          links={
            user?.onboarding_stage === 'COMPLETED' && (
              <UtmLink to={`/guardians/${guardianHash}/onboarding`}>
                Mis datos y facturación
              </UtmLink>
            )
          }
          onSignOut={signOutOrExplain}
        />
      }
      navigation={portalMenu(`/guardians/${guardianHash}`, user)}
      routeKey={pathname}
    >
      <Outlet />
    </PortalFrame>
  );
}
