import type { StudentGuardian } from '@cuota/contracts/enrolment/student-detail';
import { Badge } from '@cuota/ui/badge';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { DataTable } from '@cuota/ui/data-table';
import { readError } from '@cuota/web-core/api/api-error';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { FormError } from '@cuota/ui/form-pieces';
import { useAssignBillingGuardianMutation } from '../api/students-api';

interface Props {
  studentId: string;
  guardians: StudentGuardian[];
  canWrite: boolean;
  /** Contact and fiscal data are for roles that may open the guardians list. */
  canSeeContacts: boolean;
}

/** The student's guardians; the billing guardian marked, and (students.write) changed. */
export function StudentGuardiansCard({ studentId, guardians, canWrite, canSeeContacts }: Props) {
  const [assign, state] = useAssignBillingGuardianMutation();
  if (!guardians.length) return <Card title="Tutores">Este alumno aún no tiene tutores.</Card>;
  return (
    <Card title="Tutores">
      {state.error && <FormError>{readError(state.error).message}</FormError>}
      <DataTable<StudentGuardian>
        caption="Tutores del alumno"
        rows={guardians}
        rowKey={(g) => g.id}
        columns={[
          { header: 'Nombre', cell: (g) => `${g.first_name} ${g.last_name}` },
          { header: 'Parentesco', cell: (g) => g.relationship ?? '—' },
          ...(canSeeContacts
            ? [
                { header: 'Correo', cell: (g: StudentGuardian) => g.email ?? '—' },
                { header: 'RFC', cell: (g: StudentGuardian) => g.tax_id ?? '—' },
              ]
            : []),
          {
            header: 'Facturación',
            cell: (g) =>
              g.is_billing_guardian ? (
                <Badge tone="success">Tutor de facturación</Badge>
              ) : canWrite ? (
                <Button
                  variant="secondary"
                  disabled={state.isLoading}
                  onClick={() => assign({ studentId, guardianId: g.id })}
                >
                  Facturar a {g.first_name}
                </Button>
              ) : null,
          },
        ]}
      />
      {canSeeContacts ? (
        <UtmLink to="/dashboard/students/guardians">Ver todos los tutores de la escuela</UtmLink>
      ) : (
        <p>Tu rol no puede ver el correo ni el RFC de los tutores.</p>
      )}
    </Card>
  );
}
