import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@cuota/ui/button';
import { FilterSelect } from '@cuota/ui/filter-select';
import { FormError } from '@cuota/ui/form-pieces';
import { TextField } from '@cuota/ui/text-field';
import { useDebouncedCallback } from '@cuota/web-core/timing/debounce';
import {
  ACTIVE_STUDENTS_SHOWN,
  useActiveStudentsQuery,
  useStudentChoicesQuery,
} from '../api/massive-jobs-api';

/** The students shown: a box of their own, so 1,000 of them do not push the form away. */
const StudentChoices = styled.div`
  max-height: 20rem;
  overflow-y: auto;
  margin-top: ${({ theme }) => theme.space(2)};
  & > label {
    display: block;
    overflow-wrap: anywhere;
  }
`;

/** Search, filters and the bulk buttons, wrapping on a phone. */
const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  & > * {
    min-width: 0;
  }
`;

export const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('es-MX')} ${n === 1 ? one : many}`;

export interface StudentChooserProps {
  schoolId: string;
  /** The concept's level: its students only. Null: the school's, with a level filter. */
  level: EducationLevel | null;
  chosen: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}

/**
 * The active students a massive job takes: searched by name or matrícula (accents ignored),
 * filtered by level and group, chosen one by one or all those shown at once. What is chosen
 * stays chosen while the search changes, and its count is always in sight above the list.
 */
export function StudentChooser({ schoolId, level, chosen, onChange, error }: StudentChooserProps) {
  const [search, setSearch] = useState('');
  const [text, setText] = useState('');
  const [levelShown, setLevelShown] = useState<EducationLevel | undefined>();
  const [sectionId, setSectionId] = useState<string | undefined>();
  const typed = useDebouncedCallback((value: string) => setSearch(value.trim()));
  const choices = useStudentChoicesQuery(schoolId).data;
  const onLevel = level ?? levelShown;
  const students = useActiveStudentsQuery({
    schoolId,
    ...(onLevel && { level: onLevel }),
    ...(sectionId && { section_id: sectionId }),
    ...(search && { search }),
  });
  const rows = students.data?.results ?? [];
  const matching = students.data?.count ?? 0;
  const picked = new Set(chosen);
  const sections = (choices?.sections ?? []).filter((s) => !onLevel || s.level === onLevel);
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen, id] : chosen.filter((c) => c !== id));

  return (
    <fieldset aria-describedby={error ? 'massive-students-error' : undefined}>
      <legend>Alumnos activos</legend>
      {error && <FormError id="massive-students-error">{error}</FormError>}
      <Tools>
        <TextField
          label="Buscar alumno"
          hint="Nombre o matrícula"
          type="search"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            typed.call(e.target.value);
          }}
          // Enter searches now instead of asking for the preview.
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            typed.cancel();
            setSearch(text.trim());
          }}
        />
        {!level && (
          <FilterSelect
            label="Nivel"
            value={levelShown}
            options={choices?.levels ?? []}
            onChange={(v) => {
              setLevelShown(v);
              setSectionId(undefined);
            }}
          />
        )}
        <FilterSelect
          label="Grupo"
          value={sectionId}
          options={sections.map((s) => ({ value: s.value, label: s.label, count: s.count }))}
          onChange={setSectionId}
        />
      </Tools>
      <p aria-live="polite">
        <strong>{plural(chosen.length, 'alumno elegido', 'alumnos elegidos')}</strong>
        {students.data && ` · ${plural(matching, 'coincide', 'coinciden')}`}
      </p>
      <Tools>
        <Button
          variant="secondary"
          disabled={rows.length === 0}
          onClick={() =>
            onChange([...chosen, ...rows.map((s) => s.id).filter((id) => !picked.has(id))])
          }
        >
          {rows.length === 1
            ? 'Seleccionar el alumno mostrado'
            : `Seleccionar los ${rows.length.toLocaleString('es-MX')} mostrados`}
        </Button>
        <Button variant="secondary" disabled={chosen.length === 0} onClick={() => onChange([])}>
          Quitar selección
        </Button>
      </Tools>
      {matching > rows.length && (
        <p>
          Se muestran los primeros {ACTIVE_STUDENTS_SHOWN} de {matching.toLocaleString('es-MX')}:
          busca o filtra por grupo para ver los demás.
        </p>
      )}
      {students.data && rows.length === 0 && <p>Ningún alumno activo coincide.</p>}
      <StudentChoices>
        {rows.map((s) => (
          <label key={s.id}>
            <input
              type="checkbox"
              checked={picked.has(s.id)}
              onChange={(e) => toggle(s.id, e.target.checked)}
            />{' '}
            {s.first_name} {s.last_name}
            {s.enrolment_code && ` · ${s.enrolment_code}`}
            {s.section && ` · ${s.section.name}`}
          </label>
        ))}
      </StudentChoices>
    </fieldset>
  );
}
