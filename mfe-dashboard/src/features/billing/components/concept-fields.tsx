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
import { FieldLabel, Select } from '@cuota/ui/form-pieces';

// The choices a concept is made of, shared by «Nuevo concepto», its edit and «Crear en lote».

interface Choice<T> {
  value: T;
  onChange: (value: T) => void;
}

export function ConceptTypeSelect({ value, onChange }: Choice<ConceptType>) {
  return (
    <FieldLabel>
      Tipo
      <Select value={value} onChange={(e) => onChange(e.target.value as ConceptType)}>
        {CONCEPT_TYPES.map((t) => (
          <option key={t} value={t}>
            {CONCEPT_TYPE_LABELS[t]}
          </option>
        ))}
      </Select>
    </FieldLabel>
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
    <FieldLabel>
      Visibilidad
      <Select value={value} onChange={(e) => onChange(e.target.value as Visibility)}>
        {VISIBILITIES.map((v) => (
          <option key={v} value={v}>
            {VISIBILITY_LABELS[v]}
          </option>
        ))}
      </Select>
    </FieldLabel>
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
