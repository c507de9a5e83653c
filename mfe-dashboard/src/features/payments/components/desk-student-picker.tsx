import { useState } from 'react';
import type { StudentRow } from '@cuota/contracts/enrolment/student-list';
import { Button } from '@cuota/ui/button';
import { FormError } from '@cuota/ui/form-pieces';
import { SearchForm } from '@cuota/ui/search-form';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { useSearchAsYouType } from '../../../components/use-search-as-you-type';
import { useDeskStudentsQuery } from '../api/payments-api';

interface Props {
  schoolId: string;
  onPick: (student: StudentRow) => void;
}

/** Finds the student whose family pays at the desk: by name, CURP or matrícula. */
export function DeskStudentPicker({ schoolId, onPick }: Props) {
  const [search, setSearch] = useState<string | null>(null);
  const found = useDeskStudentsQuery({ schoolId, search: search ?? '' }, { skip: search === null });
  const rows = found.currentData?.results;
  const searching = useSearchAsYouType(search ?? '', (text) => text && setSearch(text));
  return (
    <div>
      <SearchForm
        name="Buscar alumno"
        label="Alumno"
        hint="Nombre, CURP o matrícula"
        value={search ?? ''}
        {...searching}
      />
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
