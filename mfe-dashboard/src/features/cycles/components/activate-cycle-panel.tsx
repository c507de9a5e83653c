import { useState } from 'react';
import type { SchoolCycle } from '@cuota/contracts/enrolment/cycles';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { FormError, FormRow } from '@cuota/ui/form-pieces';
import { useActivateCycleMutation, useActivationCheckQuery } from '../api/cycles-api';

interface Props {
  schoolId: string;
  cycle: SchoolCycle;
  active: SchoolCycle | undefined;
  onClose: () => void;
}

/**
 * Before confirming, the service says whether the cycle can be activated and, if not, every
 * reason; confirming closes the active cycle (the service does both in one step).
 */
export function ActivateCyclePanel({ schoolId, cycle, active, onClose }: Props) {
  const check = useActivationCheckQuery({ schoolId, cycleId: cycle.id });
  const [activate, { isLoading }] = useActivateCycleMutation();
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setError(null);
    try {
      await activate({ schoolId, cycleId: cycle.id }).unwrap();
      onClose();
    } catch (failure) {
      setError(readError(failure).message);
    }
  };

  return (
    <Card title={`Activar el ciclo ${cycle.name}`} aria-live="polite" focusTitle>
      {check.isFetching && <Spinner label="Revisando si se puede activar…" />}
      {check.error && <FormError>{readError(check.error).message}</FormError>}
      {check.data && !check.data.can_activate && (
        <>
          <p>No se puede activar este ciclo:</p>
          <ul aria-label="Motivos">
            {check.data.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </>
      )}
      {check.data?.can_activate && (
        <p>
          {active
            ? `El ciclo ${active.name} se cerrará y ${cycle.name} quedará activo.`
            : `${cycle.name} quedará como el ciclo activo.`}
        </p>
      )}
      {error && <FormError>{error}</FormError>}
      <FormRow>
        {check.data?.can_activate && (
          <Button onClick={confirm} disabled={isLoading}>
            {isLoading ? 'Activando…' : 'Confirmar activación'}
          </Button>
        )}
        <Button variant="secondary" onClick={onClose}>
          Cancelar
        </Button>
      </FormRow>
    </Card>
  );
}
