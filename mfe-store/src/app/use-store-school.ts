import { useSession } from '@cuota/web-core/session/use-session';

export interface StoreSchool {
  name: string | null;
  logoUrl: string | null;
}

/**
 * The school a store page is about, as far as this visitor may know it. A family or staff
 * member of the school has it in their session (and may fetch its logo). A signed-out
 * visitor may not: the BFF and enrolment serve the school's name and logo only to its
 * families and staff, so the store then shows neither (a service change, not this page's).
 */
export function useStoreSchool(schoolId: string | undefined): StoreSchool {
  const user = useSession().data?.user;
  const known = schoolId ? user?.schools.find((s) => s.id === schoolId) : undefined;
  if (!known) return { name: null, logoUrl: null };
  return {
    name: known.name,
    logoUrl: `/api/v1/schools/${encodeURIComponent(known.id)}/logo/`,
  };
}
