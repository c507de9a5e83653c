import { useState } from 'react';
import type { LevelWithSections, Section } from '@cuota/contracts/enrolment/levels';
import { Badge } from '@cuota/ui/badge';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { EmptyState } from '@cuota/ui/empty-state';
import { DataTable } from '@cuota/ui/data-table';
import { readError } from '@cuota/web-core/api/api-error';
import { FormError, FormRow } from '@cuota/ui/form-pieces';
import {
  useDeleteLevelMutation,
  useDeleteSectionMutation,
  useUpdateLevelMutation,
} from '../api/levels-api';
import { blockingDetails } from '../utils/level-form';
import { AddSectionsForm } from './add-sections-form';
import { EditLevelForm } from './edit-level-form';
import { EditSectionForm } from './edit-section-form';

interface Props {
  schoolId: string;
  level: LevelWithSections;
  /** Where the level is in the school's list, to offer moving it up or down. */
  index: number;
  count: number;
  canWrite: boolean;
  selected: Set<string>;
  onToggle: (id: string) => void;
}

/**
 * One level: rename, (de)activate, move and delete it; its groups (selectable for bulk
 * delete), edit and delete them, and add groups.
 */
export function LevelCard({ schoolId, level, index, count, canWrite, selected, onToggle }: Props) {
  const [editing, setEditing] = useState<Section | null>(null);
  const [editingLevel, setEditingLevel] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [remove] = useDeleteSectionMutation();
  const [updateLevel, { isLoading: moving }] = useUpdateLevelMutation();
  const [deleteLevel, { isLoading: deletingLevel }] = useDeleteLevelMutation();
  const [error, setError] = useState<string | null>(null);
  const [levelError, setLevelError] = useState<{ message: string; details: string[] } | null>(null);

  const levelAction = async (action: () => Promise<unknown>) => {
    setLevelError(null);
    try {
      await action();
    } catch (failure) {
      setLevelError({ message: readError(failure).message, details: blockingDetails(failure) });
    }
  };
  const move = (position: number) =>
    levelAction(() => updateLevel({ schoolId, id: level.id, changes: { position } }).unwrap());
  const removeLevel = () =>
    levelAction(async () => {
      setConfirming(false);
      await deleteLevel({ schoolId, id: level.id }).unwrap();
    });

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
    <Card title={level.name} aria-label={level.name}>
      {!level.active && <Badge tone="warning">Inactivo: no aparece en la tienda</Badge>}
      {canWrite && (
        <FormRow>
          <Button variant="secondary" onClick={() => setEditingLevel(true)}>
            Editar nivel {level.name}
          </Button>
          <Button variant="ghost" disabled={index === 0 || moving} onClick={() => move(index - 1)}>
            Subir {level.name}
          </Button>
          <Button
            variant="ghost"
            disabled={index === count - 1 || moving}
            onClick={() => move(index + 1)}
          >
            Bajar {level.name}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            Eliminar nivel {level.name}
          </Button>
        </FormRow>
      )}
      {canWrite && confirming && (
        <FormRow role="group" aria-label={`Confirmar eliminar ${level.name}`}>
          <p>
            ¿Eliminar {level.name}
            {level.sections.length > 0 ? ' y sus grupos' : ''}? La escuela dejará de ofrecerlo.
          </p>
          <Button onClick={removeLevel} disabled={deletingLevel}>
            Sí, eliminar {level.name}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            No eliminar
          </Button>
        </FormRow>
      )}
      {levelError && (
        <div>
          <FormError>{levelError.message}</FormError>
          {levelError.details.length > 0 && (
            <ul aria-label={`Lo que impide eliminar ${level.name}`}>
              {levelError.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {canWrite && editingLevel && (
        <EditLevelForm schoolId={schoolId} level={level} onDone={() => setEditingLevel(false)} />
      )}
      {level.sections.length === 0 ? (
        <EmptyState title={`${level.name} aún no tiene grupos`} />
      ) : (
        <DataTable<Section>
          caption={`Grupos de ${level.name}`}
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
