import { useState, type FormEvent } from 'react';
import type { StudentRow } from '@cuota/contracts/enrolment/student-list';
import { Button } from '@cuota/ui/button';
import { FormError, FormRow } from '@cuota/ui/form-pieces';
import { Spinner } from '@cuota/ui/spinner';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { useDeskStudentsQuery } from '../api/payments-api';

interface Props {
  schoolId: string;
  onPick: (student: StudentRow) => void;
}

/** Finds the student whose family pays at the desk: by name, CURP or matrícula. */
export function DeskStudentPicker({ schoolId, onPick }: Props) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState<string | null>(null);
  const found = useDeskStudentsQuery({ schoolId, search: search ?? '' }, { skip: search === null });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) setSearch(text.trim());
  };
  const rows = found.currentData?.results;
  return (
    <div>
      <form role="search" aria-label="Buscar alumno" onSubmit={submit}>
        <FormRow>
          <TextField
            label="Alumno"
            hint="Nombre, CURP o matrícula"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="submit" variant="secondary">
            Buscar
          </Button>
        </FormRow>
      </form>
      {found.isFetching && <Spinner label="Buscando alumnos…" />}
      {found.error && <FormError>{readError(found.error).message}</FormError>}
      {rows && rows.length === 0 && <p>No encontramos alumnos activos con «{search}».</p>}
      {rows && rows.length > 0 && (
        <ul aria-label="Alumnos encontrados">
          {rows.map((s) => (
            <li key={s.id}>
              <Button variant="ghost" onClick={() => onPick(s)}>
                {s.last_name}, {s.first_name}
                {s.enrolment_code ? ` · ${s.enrolment_code}` : ''}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
