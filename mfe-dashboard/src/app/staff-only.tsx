import type { ReactNode } from 'react';
import { UtmNavigate } from '@cuota/web-core/routing/utm-link';
import { useSession } from '@cuota/web-core/session/use-session';

/** `true`: the page needs a staff session; `false`: it is for people without one. */
export function StaffOnly({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const { data } = useSession();
  const isStaff = data?.user.kind === 'staff';
  if (signedIn && !isStaff) return <UtmNavigate to="/dashboard/login" replace />;
  if (!signedIn && isStaff) return <UtmNavigate to="/dashboard" replace />;
  return children;
}
