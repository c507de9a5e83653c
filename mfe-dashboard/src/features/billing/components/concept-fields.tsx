import {
  CONCEPT_TYPE_LABELS,
  CONCEPT_TYPES,
  VISIBILITIES,
  VISIBILITY_LABELS,
  type ConceptType,
  type Visibility,
} from '@cuota/contracts/billing/concepts';
import {
  EDUCATION_LEVEL_LABELS,
  EDUCATION_LEVELS,
  type EducationLevel,
} from '@cuota/contracts/enrolment/entities';
import type { SchoolCycle } from '@cuota/contracts/enrolment/cycles';
import { EnumSelectField } from '@cuota/ui/enum-select-field';
import { FieldLabel, Select } from '@cuota/ui/form-pieces';

// The choices a concept is made of, shared by «Nuevo concepto», its edit and «Crear en lote».

interface Choice<T> {
  value: T;
  onChange: (value: T) => void;
}

export function ConceptTypeSelect({ value, onChange }: Choice<ConceptType>) {
  return (
    <EnumSelectField
      label="Tipo"
      options={CONCEPT_TYPES}
      labels={CONCEPT_TYPE_LABELS}
      value={value}
      onChange={onChange}
    />
  );
}

export function LevelSelect({ value, onChange }: Choice<EducationLevel | ''>) {
  return (
    <FieldLabel>
      Nivel
      <Select value={value} onChange={(e) => onChange(e.target.value as EducationLevel | '')}>
        <option value="">Todos los niveles</option>
        {EDUCATION_LEVELS.map((l) => (
          <option key={l} value={l}>
            {EDUCATION_LEVEL_LABELS[l]}
          </option>
        ))}
      </Select>
    </FieldLabel>
  );
}

export function VisibilitySelect({ value, onChange }: Choice<Visibility>) {
  return (
    <EnumSelectField
      label="Visibilidad"
      options={VISIBILITIES}
      labels={VISIBILITY_LABELS}
      value={value}
      onChange={onChange}
    />
  );
}

const CYCLE_STATUS_NOTES = {
  draft: ' (en preparación)',
  active: ' (activo)',
  closed: ' (cerrado)',
};

/** The school's cycles, the newest first; '' is a concept of no cycle (a root one). */
export function CycleSelect({
  cycles,
  value,
  onChange,
}: Choice<string> & { cycles: SchoolCycle[] }) {
  return (
    <FieldLabel>
      Ciclo escolar
      <Select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Sin ciclo (sirve en todos)</option>
        {cycles.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
            {CYCLE_STATUS_NOTES[c.status]}
          </option>
        ))}
      </Select>
    </FieldLabel>
  );
}
