import { useState, type FormEvent } from 'react';
import { EDUCATION_LEVEL_LABELS } from '@cuota/contracts/enrolment/entities';
import type { StudentFilterOptions } from '@cuota/contracts/enrolment/student-list';
import { Button } from '@cuota/ui/button';
import { TextField } from '@cuota/ui/text-field';
import { FieldLabel, FormRow, Select } from '@cuota/ui/form-pieces';
import type { ListParams } from '../utils/list-params';

type Filters = Omit<ListParams, 'page'>;

interface Props {
  value: Filters;
  options: StudentFilterOptions | undefined;
  onChange: (next: Filters) => void;
}

/** Search box (sent on submit) and the nivel, grupo and estatus selects (sent at once). */
export function StudentFilters({ value, options, onChange }: Props) {
  const [search, setSearch] = useState(value.search ?? '');
  const sections = (options?.sections ?? []).filter((s) => !value.level || s.level === value.level);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...value, search: search.trim() || undefined });
  };
  const select = (key: 'level' | 'section_id' | 'status', raw: string) => {
    const next = { ...value, [key]: raw || undefined };
    // A group belongs to one level: changing the level forgets the group.
    if (key === 'level') next.section_id = undefined;
    onChange(next);
  };
  return (
    <form role="search" aria-label="Buscar alumnos" onSubmit={submit}>
      <FormRow>
        <TextField
          label="Buscar"
          hint="Nombre, CURP o matrícula"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          Buscar
        </Button>
        <FieldLabel>
          Nivel
          <Select value={value.level ?? ''} onChange={(e) => select('level', e.target.value)}>
            <option value="">Todos</option>
            {options?.levels.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label} ({o.count})
              </option>
            ))}
          </Select>
        </FieldLabel>
        <FieldLabel>
          Grupo
          <Select
            value={value.section_id ?? ''}
            onChange={(e) => select('section_id', e.target.value)}
          >
            <option value="">Todos</option>
            {/* Every level has its "1° A": with all levels listed, each group names its own. */}
            {sections.map((o) => (
              <option key={o.value} value={o.value}>
                {value.level ? o.label : `${EDUCATION_LEVEL_LABELS[o.level]} ${o.label}`} ({o.count}
                )
              </option>
            ))}
          </Select>
        </FieldLabel>
        <FieldLabel>
          Estatus
          <Select value={value.status ?? ''} onChange={(e) => select('status', e.target.value)}>
            <option value="">Todos</option>
            {options?.statuses.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label} ({o.count})
              </option>
            ))}
          </Select>
        </FieldLabel>
      </FormRow>
    </form>
  );
}
