import { Outlet, useLocation } from 'react-router';
import { STAFF_ROLE_LABELS } from '@cuota/contracts/enrolment/entities';
import { grants } from '@cuota/contracts/access/permissions';
import { DashboardFrame } from '@cuota/ui/dashboard-frame';
import { SchoolSwitcher } from '@cuota/ui/school-switcher';
import type { NavigationGroup } from '@cuota/ui/side-navigation';
import { UserMenu } from '@cuota/ui/user-menu';
import { useAlert } from '@cuota/web-core/alert/use-alert';
import { useAuthActions } from '@cuota/web-core/auth/use-auth-actions';
import { schoolSelected } from '@cuota/web-core/global-state/global-state-slice';
import { useAppDispatch } from '@cuota/web-core/hooks';
import { UtmNavLink } from '@cuota/web-core/routing/utm-link';
import {
  useCurrentSchool,
  type SessionMembership,
} from '@cuota/web-core/session/use-current-school';
import { useSession } from '@cuota/web-core/session/use-session';
import { DASHBOARD_AREAS, DASHBOARD_SECTIONS } from './dashboard-sections';

const link = (to: string, label: string, end = false) => ({
  key: to,
  link: (
    <UtmNavLink to={to} end={end}>
      {label}
    </UtmNavLink>
  ),
});

/** Inicio, then each area with the sections the membership reaches; empty areas stay out. */
export function menuFor(membership: SessionMembership | null): NavigationGroup[] {
  const reachable = DASHBOARD_SECTIONS.filter(
    (s) => membership && grants(membership, s.permission),
  );
  const areas = DASHBOARD_AREAS.map((area) => ({
    label: area,
    items: reachable
      .filter((s) => s.area === area)
      .map((s) => link(`/dashboard/${s.path}`, s.label)),
  })).filter((group) => group.items.length > 0);
  return [{ label: null, items: [link('/dashboard', 'Inicio', true)] }, ...areas];
}

/** The frame of every signed-in dashboard page; the pages render inside it. */
export function DashboardLayout() {
  const { data } = useSession();
  const { school, membership } = useCurrentSchool();
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const { signOut } = useAuthActions();
  const { showAlert } = useAlert();
  const signOutOrExplain = () =>
    signOut().catch(() => showAlert('No pudimos cerrar tu sesión. Intenta de nuevo.', 'error'));
  return (
    <DashboardFrame
      schoolName={school?.name ?? null}
      schoolSwitcher={
        <SchoolSwitcher
          schools={data?.user.schools ?? []}
          selected={school?.id ?? null}
          onSelect={(id) => dispatch(schoolSelected(id))}
        />
      }
      userMenu={
        <UserMenu
          name={data?.user.name ?? ''}
          detail={membership ? STAFF_ROLE_LABELS[membership.role] : data?.user.email}
          onSignOut={signOutOrExplain}
        />
      }
      navigation={menuFor(membership)}
      routeKey={pathname}
    >
      <Outlet />
    </DashboardFrame>
  );
}
