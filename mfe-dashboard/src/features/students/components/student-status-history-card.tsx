import type { StudentStatusChange } from '@cuota/contracts/enrolment/student-status';
import { STUDENT_STATUS_LABELS } from '@cuota/contracts/enrolment/student-status';
import { Card } from '@cuota/ui/card';
import { formatInstant } from '@cuota/ui/dates';
import { Spinner } from '@cuota/ui/spinner';
import { DataTable } from '@cuota/ui/data-table';
import { readError } from '@cuota/web-core/api/api-error';
import { FormError } from '@cuota/ui/form-pieces';
import { useStudentStatusHistoryQuery } from '../api/students-api';

/** "Activo → Inactivo"; the first row is the status the student was registered with. */
function move(change: StudentStatusChange): string {
  const to = STUDENT_STATUS_LABELS[change.to_status];
  return change.from_status
    ? `${STUDENT_STATUS_LABELS[change.from_status]} → ${to}`
    : `Alta como ${to.toLowerCase()}`;
}

function who(change: StudentStatusChange): string {
  if (change.changed_by_name) return change.changed_by_name;
  return change.changed_by ? 'Personal de la escuela' : 'La familia o el sistema';
}

/** "Historial de estatus": every move of the student, newest first (students.read). */
export function StudentStatusHistoryCard({ studentId }: { studentId: string }) {
  const history = useStudentStatusHistoryQuery(studentId);
  return (
    <Card title="Historial de estatus" aria-label="Historial de estatus">
      {history.isLoading && <Spinner />}
      {history.error && <FormError>{readError(history.error).message}</FormError>}
      {history.data && history.data.length === 0 && <p>Sin cambios de estatus registrados.</p>}
      {history.data && history.data.length > 0 && (
        <DataTable<StudentStatusChange>
          caption="Cambios de estatus"
          rows={history.data}
          rowKey={(c) => c.id}
          columns={[
            { header: 'Fecha', cell: (c) => formatInstant(c.changed_at) },
            { header: 'Cambio', cell: move },
            { header: 'Quién', cell: who },
            { header: 'Motivo', cell: (c) => c.reason ?? '—' },
          ]}
        />
      )}
    </Card>
  );
}
