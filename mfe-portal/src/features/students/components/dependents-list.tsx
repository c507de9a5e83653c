import styled from 'styled-components';
import { Button } from '@cuota/ui/button';
import { EmptyState } from '@cuota/ui/empty-state';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { useGuardianMeQuery } from '@cuota/web-core/api/guardian-api';
import { DependentCard } from './dependent-card';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
`;

/** The guardian's dependents, from guardian.me. */
export function DependentsList() {
  const me = useGuardianMeQuery();
  if (me.isLoading) return <Spinner label="Cargando tus estudiantes…" />;
  if (me.error) {
    return (
      <EmptyState
        title={readError(me.error).message}
        action={<Button onClick={() => void me.refetch()}>Reintentar</Button>}
      />
    );
  }
  const dependents = me.data?.dependents ?? [];
  if (dependents.length === 0) {
    return (
      <EmptyState
        title="Aún no hay estudiantes registrados"
        description="Cuando tu escuela te vincule con tus estudiantes, aparecerán aquí."
      />
    );
  }
  return (
    <Grid>
      {dependents.map((dependent) => (
        <DependentCard key={dependent.id} dependent={dependent} />
      ))}
    </Grid>
  );
}
