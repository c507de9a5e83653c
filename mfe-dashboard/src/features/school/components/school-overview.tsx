import { skipToken } from '@reduxjs/toolkit/query/react';
import type { StaffIdentity } from '@cuota/contracts/identity/sign-in';
import { Badge } from '@cuota/ui/badge';
import { Card } from '@cuota/ui/card';
import { DataTable } from '@cuota/ui/data-table';
import { keepOrFirst } from '@cuota/web-core/global-state/school-selection';
import { selectSelectedSchool } from '@cuota/web-core/global-state/global-state-slice';
import { useAppSelector } from '@cuota/web-core/hooks';
import { useSchoolQuery } from '../api/school-api';
import { SCHOOL_STATUS_LABELS, STAFF_ROLE_LABELS } from '../utils/labels';

type Membership = StaffIdentity['memberships'][number];

/**
 * The school the dashboard is working on, the user's role there, and their other schools
 * (the frame's switcher picks among them).
 */
export function SchoolOverview({ user }: { user: StaffIdentity }) {
  const { memberships } = user;
  const schoolId = keepOrFirst(
    memberships.map((m) => m.school_id),
    useAppSelector(selectSelectedSchool),
  );
  // currentData, not data: after a switch, the previous school must not linger on screen.
  const school = useSchoolQuery(schoolId ?? skipToken).currentData;
  const membership = memberships.find((m) => m.school_id === schoolId);

  if (!membership) {
    return <Card title="Sin escuelas">Tu usuario aún no pertenece a ninguna escuela.</Card>;
  }
  return (
    <>
      <Card title="Escuela">
        {/* The membership already names the school; the school record confirms it. */}
        <p data-testid="school-name">{school?.name ?? membership.school_name}</p>
        <p>
          Tu rol: <strong>{STAFF_ROLE_LABELS[membership.role]}</strong>
        </p>
        {school && <Badge>{SCHOOL_STATUS_LABELS[school.status]}</Badge>}
      </Card>
      <DataTable<Membership>
        caption="Tus escuelas"
        rows={memberships}
        rowKey={(m) => m.school_id}
        columns={[
          { header: 'Escuela', cell: (m) => m.school_name },
          { header: 'Rol', cell: (m) => STAFF_ROLE_LABELS[m.role] },
        ]}
      />
    </>
  );
}
