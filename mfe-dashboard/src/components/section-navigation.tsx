import { permissionsOf } from '@cuota/contracts/enrolment/permissions';
import type { StaffIdentity } from '@cuota/contracts/identity/sign-in';
import { keepOrFirst } from '@cuota/web-core/global-state/school-selection';
import { selectSelectedSchool } from '@cuota/web-core/global-state/global-state-slice';
import { useAppSelector } from '@cuota/web-core/hooks';
import { UtmNavLink } from '@cuota/web-core/routing/utm-link';
import { DASHBOARD_SECTIONS } from '../app/dashboard-sections';

type Membership = StaffIdentity['memberships'][number];

/** The member's membership in the school they are working on. */
export function useCurrentMembership(memberships: Membership[]): Membership | undefined {
  const selected = useAppSelector(selectSelectedSchool);
  const schoolId = keepOrFirst(
    memberships.map((m) => m.school_id),
    selected,
  );
  return memberships.find((m) => m.school_id === schoolId);
}

/** The menu: Inicio plus every section the member's permissions reach in this school. */
export function SectionNavigation({ membership }: { membership: Membership | undefined }) {
  const granted = membership ? permissionsOf(membership) : [];
  const visible = DASHBOARD_SECTIONS.filter((s) => granted.includes(s.permission));
  return (
    <>
      <UtmNavLink to="/dashboard" end>
        Inicio
      </UtmNavLink>
      {visible.map((s) => (
        <UtmNavLink key={s.path} to={`/dashboard/${s.path}`}>
          {s.label}
        </UtmNavLink>
      ))}
    </>
  );
}
