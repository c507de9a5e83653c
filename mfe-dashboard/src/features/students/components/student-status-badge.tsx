import type { StudentStatus } from '@cuota/contracts/enrolment/entities';
import { STUDENT_STATUS_LABELS } from '@cuota/contracts/enrolment/student-status';
import { Badge } from '@cuota/ui/badge';

const TONES = {
  lead: 'info',
  new_student: 'info',
  active: 'success',
  inactive: 'warning',
  graduated: 'success',
  dropped_out: 'error',
} as const;

export function StudentStatusBadge({ status }: { status: StudentStatus }) {
  return <Badge tone={TONES[status]}>{STUDENT_STATUS_LABELS[status]}</Badge>;
}
