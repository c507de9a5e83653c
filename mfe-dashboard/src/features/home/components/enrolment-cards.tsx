import {
  ADMISSION_STATUS_LABELS,
  ADMISSION_STATUSES,
  type AdmissionStatus,
} from '@cuota/contracts/enrolment/admissions';
import type { StudentFilterOptions } from '@cuota/contracts/enrolment/student-list';
import { DataTable } from '@cuota/ui/data-table';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { useHomeLeadsQuery, useHomeStudentLevelsQuery } from '../api/enrolment-figures-api';
import { FigureCard } from './figure-card';

type LevelCount = StudentFilterOptions['levels'][number];
type StageCount = { stage: AdmissionStatus; count: number };

/** Inicio of a role without money permissions: who studies at the school, who may join. */
export default function EnrolmentCards({ schoolId }: { schoolId: string }) {
  const students = useGrant('students.read');
  const admissions = useGrant('admissions.read');
  return (
    <>
      {students && <StudentsByLevelCard schoolId={schoolId} />}
      {admissions && <LeadsByStageCard schoolId={schoolId} />}
    </>
  );
}

function StudentsByLevelCard({ schoolId }: { schoolId: string }) {
  const query = useHomeStudentLevelsQuery(schoolId);
  return (
    <FigureCard title="Alumnos por nivel" query={query}>
      {(options) => <StudentsByLevel levels={options.levels} />}
    </FigureCard>
  );
}

export function StudentsByLevel({ levels }: { levels: LevelCount[] }) {
  const total = levels.reduce((s, l) => s + l.count, 0);
  return (
    <DataTable<LevelCount>
      caption={`${total} ${total === 1 ? 'alumno' : 'alumnos'} en la escuela`}
      rows={levels}
      rowKey={(l) => l.value}
      empty={<p>Aún no hay alumnos registrados.</p>}
      columns={[
        { header: 'Nivel', cell: (l) => l.label },
        { header: 'Alumnos', align: 'end', cell: (l) => l.count },
      ]}
    />
  );
}

function LeadsByStageCard({ schoolId }: { schoolId: string }) {
  const stages = {
    lead: useHomeLeadsQuery({ schoolId, status: 'lead' }),
    new_student: useHomeLeadsQuery({ schoolId, status: 'new_student' }),
    active: useHomeLeadsQuery({ schoolId, status: 'active' }),
  } satisfies Record<AdmissionStatus, unknown>;
  const loaded = ADMISSION_STATUSES.every((s) => stages[s].data);
  const query = {
    data: loaded
      ? ADMISSION_STATUSES.map((stage) => ({ stage, count: stages[stage].data!.count }))
      : undefined,
    error: ADMISSION_STATUSES.map((s) => stages[s].error).find(Boolean),
    refetch: () => ADMISSION_STATUSES.forEach((s) => void stages[s].refetch()),
  };
  return (
    <FigureCard title="Admisiones por etapa" query={query}>
      {(counts) => <LeadsByStage stages={counts} />}
    </FigureCard>
  );
}

export function LeadsByStage({ stages }: { stages: StageCount[] }) {
  return (
    <DataTable<StageCount>
      caption="Interesados, aspirantes e inscritos del tablero de admisiones"
      rows={stages}
      rowKey={(s) => s.stage}
      columns={[
        { header: 'Etapa', cell: (s) => ADMISSION_STATUS_LABELS[s.stage] },
        { header: 'Alumnos', align: 'end', cell: (s) => s.count },
      ]}
    />
  );
}
