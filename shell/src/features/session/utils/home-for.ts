import type { SessionUser } from '@cuota/contracts/identity/session';

/** Where "home" is for this visitor: their portal, the dashboard, or the public page. */
export function homeFor(user: SessionUser | null | undefined): { to: string; label: string } {
  if (user?.kind === 'guardian' && user.guardian_hash)
    return { to: `/guardians/${user.guardian_hash}`, label: 'Ir a tu portal' };
  if (user?.kind === 'staff') return { to: '/dashboard', label: 'Ir al panel escolar' };
  return { to: '/', label: 'Ir al inicio' };
}
