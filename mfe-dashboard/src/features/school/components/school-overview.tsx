import { lazy, Suspense } from 'react';
import type { SessionUser } from '@cuota/contracts/identity/session';
import { Card } from '@cuota/ui/card';
import { DataTable } from '@cuota/ui/data-table';
import {
  useCurrentSchool,
  type SessionMembership,
} from '@cuota/web-core/session/use-current-school';
import { STAFF_ROLE_LABELS } from '../utils/labels';

const SchoolStatusBadge = lazy(() => import('./school-status-badge'));

/**
 * The school the dashboard is working on, the user's role there, and their other schools
 * (the frame's switcher picks among them), all from the session already in hand.
 */
export function SchoolOverview({ user }: { user: SessionUser }) {
  const { school, membership } = useCurrentSchool();
  if (!school || !membership) {
    return <Card title="Sin escuelas">Tu usuario aún no pertenece a ninguna escuela.</Card>;
  }
  const schoolNames = new Map(user.schools.map((s) => [s.id, s.name]));
  return (
    <>
      <Card title="Escuela">
        <p data-testid="school-name">{school.name}</p>
        <p>
          Tu rol: <strong>{STAFF_ROLE_LABELS[membership.role]}</strong>
        </p>
        <Suspense fallback={null}>
          <SchoolStatusBadge schoolId={school.id} />
        </Suspense>
      </Card>
      <DataTable<SessionMembership>
        caption="Tus escuelas"
        rows={user.memberships}
        rowKey={(m) => m.school_id}
        columns={[
          { header: 'Escuela', cell: (m) => schoolNames.get(m.school_id) ?? '' },
          { header: 'Rol', cell: (m) => STAFF_ROLE_LABELS[m.role] },
        ]}
      />
    </>
  );
}
