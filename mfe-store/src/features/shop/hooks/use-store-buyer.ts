import type { Dependent } from '@cuota/contracts/enrolment/responses';
import { useGuardianMeQuery } from '@cuota/web-core/api/guardian-api';
import { useSession } from '@cuota/web-core/session/use-session';

export type StoreBuyer =
  | { kind: 'loading' }
  /** A guest: leaves name, e-mail and phone, and their child becomes the school's lead. */
  | { kind: 'guest' }
  /** A signed-in family of this school: buys for one of its students here. */
  | { kind: 'family'; students: Dependent[] };

/** Who is buying at this school's store: a signed-in family of the school, or a guest. */
export function useStoreBuyer(schoolId: string): StoreBuyer {
  const { status, data } = useSession();
  const family =
    data?.user.kind === 'guardian' && data.user.schools.some((school) => school.id === schoolId);
  const me = useGuardianMeQuery(undefined, { skip: !family });
  if (status === 'loading' || (family && me.isLoading)) return { kind: 'loading' };
  if (!family || !me.data) return { kind: 'guest' };
  const students = me.data.dependents.filter((d) => d.school_id === schoolId);
  return students.length ? { kind: 'family', students } : { kind: 'guest' };
}
