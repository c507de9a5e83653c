import { useParams } from 'react-router';
import { EDUCATION_LEVEL_LABELS } from '@cuota/contracts/enrolment/entities';
import { ErrorState } from '@cuota/ui/error-state';
import { MoneyText } from '@cuota/ui/money-text';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { StatusBadge } from '@cuota/ui/status-badge';
import { readError } from '@cuota/web-core/api/api-error';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useDueOrderStudentQuery } from '../api/due-orders-api';
import { OrdersTable } from './orders-table';

export function DueStudentView({ schoolId, studentId }: { schoolId: string; studentId: string }) {
  const student = useDueOrderStudentQuery({ schoolId, studentId });
  if (student.isLoading) return <Spinner label="Cargando los adeudos del alumno…" />;
  if (student.error || !student.data)
    return (
      <ErrorState
        message={readError(student.error).message}
        onRetry={() => void student.refetch()}
      />
    );
  const s = student.data;
  return (
    <>
      <h2>
        {s.first_name} {s.last_name}
      </h2>
      <p>
        Matrícula {s.enrolment_code ?? '—'} · {EDUCATION_LEVEL_LABELS[s.level]} ·{' '}
        <StatusBadge kind="due" status={s.due_status} /> · Saldo{' '}
        <MoneyText centavos={s.pending_centavos} /> (recargos{' '}
        <MoneyText centavos={s.late_fee_centavos} />) · Vencido{' '}
        <MoneyText centavos={s.overdue_centavos} />
      </p>
      <OrdersTable caption="Órdenes abiertas" orders={s.orders} />
      <UtmLink to={`/dashboard/students/${s.student_id}`}>Ver ficha del alumno</UtmLink>
    </>
  );
}

export function DueStudentPage() {
  const { studentId = '' } = useParams();
  const schoolId = useCurrentSchool().school?.id;
  return (
    <Page title="Adeudos del alumno">
      <UtmLink to="/dashboard/due">Volver a adeudos</UtmLink>
      {schoolId && <DueStudentView schoolId={schoolId} studentId={studentId} />}
    </Page>
  );
}
