import { useState } from 'react';
import type { LevelWithSections, Section } from '@cuota/contracts/enrolment/levels';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { EmptyState } from '@cuota/ui/empty-state';
import { Table } from '@cuota/ui/table';
import { readError } from '@cuota/web-core/api/api-error';
import { FormError, FormRow } from '../../../components/form-pieces';
import { useDeleteSectionMutation } from '../api/levels-api';
import { AddSectionsForm } from './add-sections-form';
import { EditSectionForm } from './edit-section-form';

interface Props {
  schoolId: string;
  level: LevelWithSections;
  canWrite: boolean;
  selected: Set<string>;
  onToggle: (id: string) => void;
}

/** One level: its groups (selectable for bulk delete), edit and delete, and adding groups. */
export function LevelCard({ schoolId, level, canWrite, selected, onToggle }: Props) {
  const [editing, setEditing] = useState<Section | null>(null);
  const [remove] = useDeleteSectionMutation();
  const [error, setError] = useState<string | null>(null);

  const deleteOne = async (section: Section) => {
    setError(null);
    try {
      await remove({ schoolId, id: section.id }).unwrap();
    } catch (failure) {
      setError(readError(failure).message);
    }
  };

  const columns = [
    ...(canWrite
      ? [
          {
            header: 'Seleccionar',
            cell: (s: Section) => (
              <input
                type="checkbox"
                aria-label={`Seleccionar ${s.name}`}
                checked={selected.has(s.id)}
                onChange={() => onToggle(s.id)}
              />
            ),
          },
        ]
      : []),
    { header: 'Grupo', cell: (s: Section) => s.name },
    { header: 'Cupo', cell: (s: Section) => s.capacity ?? '—' },
    { header: 'Alumnos', cell: (s: Section) => s.students },
    ...(canWrite
      ? [
          {
            header: 'Acciones',
            cell: (s: Section) => (
              <FormRow>
                <Button variant="ghost" onClick={() => setEditing(s)}>
                  Editar {s.name}
                </Button>
                <Button variant="ghost" onClick={() => deleteOne(s)}>
                  Eliminar {s.name}
                </Button>
              </FormRow>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card title={level.label}>
      {level.sections.length === 0 ? (
        <EmptyState title={`${level.label} aún no tiene grupos`} />
      ) : (
        <Table<Section>
          caption={`Grupos de ${level.label}`}
          rows={level.sections}
          rowKey={(s) => s.id}
          columns={columns}
        />
      )}
      {error && <FormError>{error}</FormError>}
      {canWrite && editing && (
        <EditSectionForm
          key={editing.id}
          schoolId={schoolId}
          level={level}
          section={editing}
          onDone={() => setEditing(null)}
        />
      )}
      {canWrite && <AddSectionsForm schoolId={schoolId} level={level} />}
    </Card>
  );
}
