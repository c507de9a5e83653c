import { useState } from 'react';
import { useParams } from 'react-router';
import { COUNTRY_NAMES, isCountryCode } from '@cuota/contracts/enrolment/countries';
import { EDUCATION_LEVEL_LABELS } from '@cuota/contracts/enrolment/entities';
import type { StudentDetail } from '@cuota/contracts/enrolment/student-detail';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { Page } from '@cuota/ui/page';
import { FormError } from '@cuota/ui/form-pieces';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { useStudentQuery } from '../api/students-api';
import { StudentEditForm } from './student-edit-form';
import { StudentBillingCard } from './student-billing-card';
import { StudentGuardiansCard } from './student-guardians-card';
import { StudentPhotoCard } from './student-photo-card';
import { StudentStatusActions } from './student-status-actions';
import { StudentStatusHistoryCard } from './student-status-history-card';

const GENDERS = { M: 'Masculino', F: 'Femenino' } as const;

/** The student's data; with students.write, "Editar datos" turns it into the form. */
function StudentData({ student: s, canWrite }: { student: StudentDetail; canWrite: boolean }) {
  const [editing, setEditing] = useState(false);
  const rows: [string, string][] = [
    ['Matrícula', s.enrolment_code ?? '—'],
    ['CURP', s.curp ?? '—'],
    ['Nivel', EDUCATION_LEVEL_LABELS[s.level]],
    ['Grupo', s.section?.name ?? 'Sin grupo'],
    ['Sexo', s.gender ? GENDERS[s.gender] : '—'],
    ['Fecha de nacimiento', s.birth_date ?? '—'],
    ['Nacionalidad', isCountryCode(s.nationality) ? COUNTRY_NAMES[s.nationality] : s.nationality],
  ];
  if (s.status_reason) rows.push(['Motivo del estatus', s.status_reason]);
  return (
    <Card title="Datos" aria-label="Datos">
      {editing && canWrite ? (
        <StudentEditForm student={s} onDone={() => setEditing(false)} />
      ) : (
        <>
          <dl>
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {canWrite && (
            <div>
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Editar datos
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}

type StudentPermission =
  | 'students.write'
  | 'students.status'
  | 'guardians.read'
  | 'billing.read'
  | 'billing.write'
  | 'scholarships.write';

interface ViewProps {
  id: string;
  can: (permission: StudentPermission) => boolean;
}

export function StudentDetailView({ id, can }: ViewProps) {
  const student = useStudentQuery(id);
  const s = student.currentData;
  if (student.isLoading) return <Spinner />;
  if (student.error) return <FormError>{readError(student.error).message}</FormError>;
  if (!s) return null;
  return (
    <>
      <h2>
        {s.first_name} {s.last_name}
      </h2>
      <UtmLink to="/dashboard/students">Volver a la lista</UtmLink>
      <StudentData student={s} canWrite={can('students.write')} />
      <StudentStatusActions studentId={s.id} status={s.status} canChange={can('students.status')} />
      <StudentStatusHistoryCard studentId={s.id} />
      <StudentGuardiansCard
        studentId={s.id}
        guardians={s.guardians}
        canWrite={can('students.write')}
        canSeeContacts={can('guardians.read')}
      />
      <StudentPhotoCard studentId={s.id} photoUrl={s.photo_url} canWrite={can('students.write')} />
      {can('billing.read') && (
        <StudentBillingCard
          studentId={s.id}
          can={{ correct: can('billing.write'), scholarships: can('scholarships.write') }}
        />
      )}
    </>
  );
}

export function StudentDetailPage() {
  const { id } = useParams();
  const granted: Record<StudentPermission, boolean> = {
    'students.write': useGrant('students.write'),
    'students.status': useGrant('students.status'),
    'guardians.read': useGrant('guardians.read'),
    'billing.read': useGrant('billing.read'),
    'billing.write': useGrant('billing.write'),
    'scholarships.write': useGrant('scholarships.write'),
  };
  return (
    <Page title="Alumno">
      {id && <StudentDetailView key={id} id={id} can={(p) => granted[p]} />}
    </Page>
  );
}
