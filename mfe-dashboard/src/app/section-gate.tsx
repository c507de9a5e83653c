import type { ReactNode } from 'react';
import { STAFF_ROLE_LABELS } from '@cuota/contracts/enrolment/entities';
import { EmptyState } from '@cuota/ui/empty-state';
import { Page } from '@cuota/ui/page';
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
