import { Badge } from '@cuota/ui/badge';
import { useSchoolQuery } from '../api/school-api';
import { SCHOOL_STATUS_LABELS } from '../utils/labels';

/**
 * The school's status, from its record. A chunk of its own (with the school endpoint's
 * schemas and the dashboard's zod): Inicio shows everything else from the session first.
 */
export default function SchoolStatusBadge({ schoolId }: { schoolId: string }) {
  // currentData, not data: after a switch, the previous school's status must not linger.
  const school = useSchoolQuery(schoolId).currentData;
  return school ? <Badge>{SCHOOL_STATUS_LABELS[school.status]}</Badge> : null;
}
