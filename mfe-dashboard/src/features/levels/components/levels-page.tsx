import { useState } from 'react';
import { EDUCATION_LEVEL_LABELS, EDUCATION_LEVELS } from '@cuota/contracts/enrolment/entities';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { EmptyState } from '@cuota/ui/empty-state';
import { Spinner } from '@cuota/ui/spinner';
import { readError, type ReadableError } from '@cuota/web-core/api/api-error';
import { Page } from '@cuota/ui/page';
import { FormError, FormRow } from '@cuota/ui/form-pieces';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { useLevelsWithSectionsQuery } from '@cuota/web-core/api/school-levels-api';
import { useDeleteSectionsMutation, useOfferLevelMutation } from '../api/levels-api';
import { blockingDetails } from '../utils/level-form';
import { LevelCard } from './level-card';

export function LevelsView({ schoolId, canWrite }: { schoolId: string; canWrite: boolean }) {
  const levels = useLevelsWithSectionsQuery(schoolId);
  const [offer] = useOfferLevelMutation();
  const [deleteMany, { isLoading: deleting }] = useDeleteSectionsMutation();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [failure, setFailure] = useState<{ error: ReadableError; details: string[] } | null>(null);
  const offered = levels.currentData ?? [];
  const missing = EDUCATION_LEVELS.filter((l) => !offered.some((o) => o.level === l));

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const run = async (action: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await action();
      return true;
    } catch (error) {
      setFailure({ error: readError(error), details: blockingDetails(error) });
      return false;
    }
  };

  const deleteSelected = async () => {
    if (await run(() => deleteMany({ schoolId, ids: [...selected] }).unwrap()))
      setSelected(new Set());
  };

  return (
    <>
      {levels.isLoading && <Spinner />}
      {levels.error && <FormError>{readError(levels.error).message}</FormError>}
      {levels.currentData && offered.length === 0 && (
        <EmptyState title="La escuela aún no ofrece niveles" />
      )}
      {canWrite && selected.size > 0 && (
        <FormRow>
          <Button onClick={deleteSelected} disabled={deleting}>
            Eliminar seleccionados ({selected.size})
          </Button>
        </FormRow>
      )}
      {failure && (
        <div>
          <FormError>{failure.error.message}</FormError>
          {failure.details.length > 0 && (
            <ul aria-label="Grupos con alumnos">
              {failure.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {offered.map((level, index) => (
        <LevelCard
          key={level.id}
          schoolId={schoolId}
          level={level}
          index={index}
          count={offered.length}
          canWrite={canWrite}
          selected={selected}
          onToggle={toggle}
        />
      ))}
      {canWrite && levels.currentData && missing.length > 0 && (
        <Card title="Ofrecer otro nivel">
          <FormRow>
            {missing.map((level) => (
              <Button
                key={level}
                variant="secondary"
                onClick={() => run(() => offer({ schoolId, level: { level } }).unwrap())}
              >
                Ofrecer {EDUCATION_LEVEL_LABELS[level]}
              </Button>
            ))}
          </FormRow>
        </Card>
      )}
    </>
  );
}

export function LevelsPage() {
  const schoolId = useCurrentSchool().school?.id;
  const canWrite = useGrant('levels.write');
  return (
    <Page title="Niveles y grupos">
      <ReadOnlyNote permission="levels.write" action="cambiar niveles ni grupos" />
      {schoolId && <LevelsView schoolId={schoolId} canWrite={canWrite} />}
    </Page>
  );
}
