import type { SchoolSummary } from '@cuota/contracts/enrolment/entities';
import type { SessionUser } from '@cuota/contracts/identity/session';
import { selectSelectedSchool } from '@cuota/web-core/global-state/global-state-slice';
import { keepOrFirst } from '@cuota/web-core/global-state/school-selection';
import { useAppSelector } from '@cuota/web-core/hooks';
import { selectSessionUser } from '@cuota/web-core/session/session-slice';

export type SessionMembership = SessionUser['memberships'][number];

export interface CurrentSchool {
  /** The school being worked on: the one picked, else the user's first; null with none. */
  school: SchoolSummary | null;
  /** A staff member's membership there (role and effective permissions). */
  membership: SessionMembership | null;
}

/** Where the signed-in user is working, from the session and the global selection. */
export function useCurrentSchool(): CurrentSchool {
  const user = useAppSelector(selectSessionUser);
  const selected = useAppSelector(selectSelectedSchool);
  const schools = user?.schools ?? [];
  const schoolId = keepOrFirst(
    schools.map((s) => s.id),
    selected,
  );
  return {
    school: schools.find((s) => s.id === schoolId) ?? null,
    membership: user?.memberships.find((m) => m.school_id === schoolId) ?? null,
  };
}
