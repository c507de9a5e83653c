import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { EDUCATION_LEVEL_LABELS } from '@cuota/contracts/enrolment/entities';
import type { StudentDetail } from '@cuota/contracts/enrolment/student-detail';
import { Button } from '@cuota/ui/button';
import { TextField } from '@cuota/ui/text-field';
import { errorDetails, readError } from '@cuota/web-core/api/api-error';
import { useLevelsWithSectionsQuery } from '@cuota/web-core/api/school-levels-api';
import { FieldLabel, FormColumn, FormError, FormRow, Select } from '@cuota/ui/form-pieces';
import { useUpdateStudentMutation } from '../api/students-api';
import {
  changedFields,
  COUNTRY_OPTIONS,
  STUDENT_FORM_FIELDS,
  studentFormSchema,
  studentFormValues,
  type StudentFormField,
  type StudentFormValues,
} from '../utils/student-form';

/** Which field a 409 is about, by what its message names. */
const CONFLICT_FIELDS: [RegExp, StudentFormField][] = [
  [/CURP/, 'curp'],
  [/matrícula/i, 'enrolment_code'],
];

const isField = (path: string): path is StudentFormField =>
  (STUDENT_FORM_FIELDS as string[]).includes(path);

interface Props {
  student: StudentDetail;
  onDone: () => void;
}

/**
 * "Editar datos" (students.write): sends PATCH /api/v1/students/{id}/ with only what
 * changed. The service's Spanish messages land on their fields (a 400's details, a 409's
 * duplicate CURP or matrícula); anything else above the buttons.
 */
export function StudentEditForm({ student, onDone }: Props) {
  const [update, { isLoading }] = useUpdateStudentMutation();
  const levels = useLevelsWithSectionsQuery(student.school_id);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, control, setValue, setError } =
    useForm<StudentFormValues>({
      resolver: zodResolver(studentFormSchema),
      defaultValues: studentFormValues(student),
    });
  const errorOf = (field: StudentFormField) => formState.errors[field]?.message ?? null;

  const chosenLevel = useWatch({ control, name: 'level' });
  // The school's levels (active ones, and the student's own even if inactive now).
  const offered = (levels.data ?? []).filter((l) => l.active || l.level === student.level);
  const levelOptions = offered.length
    ? offered.map((l) => ({ value: l.level, label: l.name }))
    : [{ value: student.level, label: EDUCATION_LEVEL_LABELS[student.level] }];
  const sections =
    offered.find((l) => l.level === chosenLevel)?.sections ??
    (chosenLevel === student.level && student.section ? [student.section] : []);
  const nationality = useWatch({ control, name: 'nationality' });
  const countries = COUNTRY_OPTIONS.some((c) => c.code === nationality)
    ? COUNTRY_OPTIONS
    : [{ code: nationality, name: nationality }, ...COUNTRY_OPTIONS];

  const showServerError = (failure: unknown) => {
    const { status, message } = readError(failure);
    const details = errorDetails(failure);
    let placed = false;
    for (const detail of details)
      if (isField(detail.path)) {
        setError(detail.path, { message: detail.message });
        placed = true;
      }
    if (status === 409)
      for (const [pattern, field] of CONFLICT_FIELDS)
        if (pattern.test(message)) {
          setError(field, { message });
          placed = true;
        }
    if (!placed || status !== 409) setServerError(message);
  };

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    const changes = changedFields(student, values);
    if (Object.keys(changes).length === 0) return onDone();
    try {
      await update({ id: student.id, changes }).unwrap();
      onDone();
    } catch (failure) {
      showServerError(failure);
    }
  });

  const levelField = register('level');
  return (
    <FormColumn onSubmit={submit} noValidate aria-label="Editar datos del alumno">
      <FormRow>
        <TextField label="Nombre" error={errorOf('first_name')} {...register('first_name')} />
        <TextField label="Apellidos" error={errorOf('last_name')} {...register('last_name')} />
        <FieldLabel>
          Sexo
          <Select {...register('gender')}>
            <option value="">Sin indicar</option>
            <option value="F">Femenino</option>
            <option value="M">Masculino</option>
          </Select>
        </FieldLabel>
        <TextField
          label="Fecha de nacimiento"
          type="date"
          error={errorOf('birth_date')}
          {...register('birth_date')}
        />
        <FieldLabel>
          Nacionalidad
          <Select {...register('nationality')}>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </Select>
        </FieldLabel>
      </FormRow>
      <FormRow>
        <TextField label="CURP" error={errorOf('curp')} {...register('curp')} />
        <TextField
          label="Matrícula"
          error={errorOf('enrolment_code')}
          {...register('enrolment_code')}
        />
        <FieldLabel>
          Nivel
          <Select
            {...levelField}
            onChange={(event) => {
              void levelField.onChange(event);
              // Groups belong to a level: another level starts without one.
              setValue('section_id', '');
            }}
          >
            {levelOptions.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </Select>
        </FieldLabel>
        <FieldLabel>
          Grupo
          <Select {...register('section_id')}>
            <option value="">Sin grupo</option>
            {sections.map((section) => (
              <option key={section.id} value={section.id}>
                {section.name}
              </option>
            ))}
          </Select>
        </FieldLabel>
      </FormRow>
      {(errorOf('level') ||
        errorOf('section_id') ||
        errorOf('gender') ||
        errorOf('nationality')) && (
        <FormError>
          {errorOf('level') ?? errorOf('section_id') ?? errorOf('gender') ?? errorOf('nationality')}
        </FormError>
      )}
      {serverError && <FormError>{serverError}</FormError>}
      <FormRow>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Guardando…' : 'Guardar cambios'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancelar
        </Button>
      </FormRow>
    </FormColumn>
  );
}
