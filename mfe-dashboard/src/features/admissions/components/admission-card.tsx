import { useState } from 'react';
import styled from 'styled-components';
import type { InscriptionCard } from '@cuota/contracts/enrolment/admissions';
import { ENROLMENT_LABEL_TEXT } from '@cuota/contracts/enrolment/enrolment-label';
import { EDUCATION_LEVEL_LABELS, type EnrolmentLabel } from '@cuota/contracts/enrolment/entities';
import { Badge } from '@cuota/ui/badge';
import { Button } from '@cuota/ui/button';
import type { Tone } from '@cuota/ui/theme';
import { readError } from '@cuota/web-core/api/api-error';
import { FormError, FormRow } from '@cuota/ui/form-pieces';
import {
  useCheckPaymentsMutation,
  useDeleteAdmissionMutation,
  usePromoteLeadMutation,
} from '../api/admissions-api';
import { AssignConceptsForm } from './assign-concepts-form';
import { InscribeControls } from './inscribe-controls';

const LABEL_TONES: Record<EnrolmentLabel, Tone> = {
  Inscrito: 'success',
  Reinscrito: 'success',
  Pendiente: 'warning',
  'No inscrito': 'error',
  NOT_AVAILABLE: 'info',
};

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colors.surface};
  list-style: none;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.875rem;
`;

export function EnrolmentLabelBadge({ label }: { label: EnrolmentLabel }) {
  return <Badge tone={LABEL_TONES[label]}>{ENROLMENT_LABEL_TEXT[label]}</Badge>;
}

/** One family on the board, with the moves its column allows. */
export function AdmissionCard({ card }: { card: InscriptionCard }) {
  const name = `${card.first_name} ${card.last_name}`;
  const [promote, promoting] = usePromoteLeadMutation();
  const [check, checking] = useCheckPaymentsMutation();
  const [remove, removing] = useDeleteAdmissionMutation();
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(readError(err).message);
    }
  };

  return (
    <Item aria-label={name}>
      <strong>{name}</strong>
      <Muted>
        {EDUCATION_LEVEL_LABELS[card.level]}
        {card.guardian_names.length > 0 && ` · Tutor: ${card.guardian_names.join(', ')}`}
        {card.concept_count > 0 && ` · ${card.concept_count} concepto(s)`}
      </Muted>
      {checking.data && <EnrolmentLabelBadge label={checking.data.label} />}
      {card.status !== 'active' && (
        <FormRow>
          {card.status === 'lead' && (
            <Button
              onClick={() => run(() => promote(card.id).unwrap())}
              disabled={promoting.isLoading}
            >
              Pasar a aspirante
            </Button>
          )}
          {card.status === 'new_student' && (
            <Button
              variant="secondary"
              onClick={() => run(() => check(card.id).unwrap())}
              disabled={checking.isLoading}
            >
              {checking.isLoading ? 'Verificando…' : 'Verificar pago'}
            </Button>
          )}
          <Button
            variant="ghost"
            onClick={() => run(() => remove(card.id).unwrap())}
            disabled={removing.isLoading}
            aria-label={`Eliminar a ${name}`}
          >
            Eliminar
          </Button>
        </FormRow>
      )}
      {card.status === 'new_student' && <InscribeControls studentId={card.id} name={name} />}
      {card.status !== 'active' && <AssignConceptsForm studentId={card.id} name={name} />}
      {error && <FormError>{error}</FormError>}
    </Item>
  );
}
