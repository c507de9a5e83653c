import { useState } from 'react';
import { CYCLE_STATUS_LABELS, type SchoolCycle } from '@cuota/contracts/enrolment/cycles';
import { Badge } from '@cuota/ui/badge';
import { Button } from '@cuota/ui/button';
import { EmptyState } from '@cuota/ui/empty-state';
import { Spinner } from '@cuota/ui/spinner';
import { DataTable } from '@cuota/ui/data-table';
import { readError } from '@cuota/web-core/api/api-error';
import { Page } from '@cuota/ui/page';
import { FormError } from '@cuota/ui/form-pieces';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { useCyclesQuery } from '../api/cycles-api';
import { ActivateCyclePanel } from './activate-cycle-panel';
import { CreateCycleForm } from './create-cycle-form';

const TONES = { active: 'success', draft: 'info', closed: 'warning' } as const;

/** The school's cycles; with cycles.write, create one and activate it. */
export function CyclesView({ schoolId, canWrite }: { schoolId: string; canWrite: boolean }) {
  const cycles = useCyclesQuery(schoolId);
  const [activating, setActivating] = useState<SchoolCycle | null>(null);
  const rows = cycles.currentData ?? [];
  const active = rows.find((c) => c.status === 'active');

  return (
    <>
      {cycles.isLoading && <Spinner />}
      {cycles.error && <FormError>{readError(cycles.error).message}</FormError>}
      {cycles.currentData && rows.length === 0 && (
        <EmptyState title="Aún no hay ciclos" description="Crea el primer ciclo escolar." />
      )}
      {rows.length > 0 && (
        <DataTable<SchoolCycle>
          caption="Ciclos escolares"
          rows={rows}
          rowKey={(c) => c.id}
          columns={[
            { header: 'Ciclo', cell: (c) => c.name },
            { header: 'Inicia', cell: (c) => c.starts_on },
            { header: 'Termina', cell: (c) => c.ends_on },
            {
              header: 'Estado',
              cell: (c) => <Badge tone={TONES[c.status]}>{CYCLE_STATUS_LABELS[c.status]}</Badge>,
            },
            {
              header: 'Acciones',
              cell: (c) =>
                canWrite && c.status !== 'active' ? (
                  <Button variant="secondary" onClick={() => setActivating(c)}>
                    Activar {c.name}
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
      {activating && (
        <ActivateCyclePanel
          key={activating.id}
          schoolId={schoolId}
          cycle={activating}
          active={active}
          onClose={() => setActivating(null)}
        />
      )}
      {canWrite && <CreateCycleForm schoolId={schoolId} />}
    </>
  );
}

export function CyclesPage() {
  const schoolId = useCurrentSchool().school?.id;
  const canWrite = useGrant('cycles.write');
  return (
    <Page title="Ciclos escolares">
      <ReadOnlyNote permission="cycles.write" action="crear ni activar ciclos" />
      {schoolId && <CyclesView schoolId={schoolId} canWrite={canWrite} />}
    </Page>
  );
}
