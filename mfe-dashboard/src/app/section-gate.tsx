import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { STAFF_ROLE_LABELS } from '@cuota/contracts/enrolment/entities';
import { EmptyState } from '@cuota/ui/empty-state';
import { Page } from '@cuota/ui/page';
import { useAppDispatch } from '@cuota/web-core/hooks';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useGrant } from '@cuota/web-core/session/use-grant';
import type { DashboardSection } from './dashboard-sections';

/**
 * A section opened by its address (a bookmark, a shared link) that the member's role does
 * not reach says so, instead of showing forms whose every call the BFF would refuse.
 */
export function SectionGate({
  section,
  children,
}: {
  section: DashboardSection;
  children: ReactNode;
}) {
  const granted = useGrant(section.permission);
  const { school, membership } = useCurrentSchool();
  usePrefetch(granted ? section : undefined, school?.id);
  if (granted) return children;
  const role = membership ? STAFF_ROLE_LABELS[membership.role] : null;
  return (
    <Page title={section.label}>
      <EmptyState
        title="Tu rol no tiene acceso a esta sección"
        description={
          role
            ? `Como ${role} en ${school?.name ?? 'esta escuela'} no puedes abrir «${section.label}». Si lo necesitas, pide acceso a quien administra el personal de tu escuela.`
            : 'No perteneces a ninguna escuela todavía.'
        }
        action={<UtmLink to="/dashboard">Ir al inicio</UtmLink>}
      />
    </Page>
  );
}

/** Starts the data of the section's first screen for the address it is at. */
function usePrefetch(section: DashboardSection | undefined, schoolId: string | undefined) {
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  // Only the section's own first screen: a nested address (a student's detail) asks for other data.
  const atSectionRoot =
    section !== undefined && pathname.replace(/\/$/, '').endsWith(`/${section.path}`);
  const prefetch = atSectionRoot ? section.prefetch : undefined;
  useEffect(() => {
    if (!prefetch || !schoolId) return;
    // A prefetch that fails to load changes nothing: the page asks for its data itself.
    prefetch().then(
      (loaded) => loaded.prefetch(dispatch, schoolId, new URLSearchParams(search)),
      () => undefined,
    );
  }, [prefetch, schoolId, search, dispatch]);
}
