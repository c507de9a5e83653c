import { EDUCATION_LEVEL_LABELS } from '@cuota/contracts/enrolment/entities';
import type { Dependent } from '@cuota/contracts/enrolment/responses';
import { Card } from '@cuota/ui/card';

export function DependentCard({ dependent }: { dependent: Dependent }) {
  const name = `${dependent.first_name} ${dependent.last_name}`;
  return (
    <Card data-testid="dependent-card" aria-label={name} title={name}>
      <p>
        {EDUCATION_LEVEL_LABELS[dependent.level]}
        {' · '}
        {dependent.section ? `Grupo ${dependent.section.name}` : 'Sin grupo asignado'}
      </p>
    </Card>
  );
}
