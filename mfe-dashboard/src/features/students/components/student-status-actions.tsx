import { useState, type FormEvent } from 'react';
import type { StudentStatus } from '@cuota/contracts/enrolment/entities';
import {
  allowedTransitions,
  STATUSES_NEEDING_REASON,
  STUDENT_STATUS_ACTIONS,
} from '@cuota/contracts/enrolment/student-status';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { FormColumn, FormError, FormRow } from '@cuota/ui/form-pieces';
import { useChangeStudentStatusMutation } from '../api/students-api';
import { StudentStatusBadge } from './student-status-badge';

interface Props {
  studentId: string;
  status: StudentStatus;
  canChange: boolean;
}

/** The current status and, for students.status, only the moves ADR 0008 allows from it. */
export function StudentStatusActions({ studentId, status, canChange }: Props) {
  const [target, setTarget] = useState<StudentStatus | null>(null);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [change, state] = useChangeStudentStatusMutation();
  const moves = canChange ? allowedTransitions(status) : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    if (STATUSES_NEEDING_REASON.includes(target) && !reason.trim()) return setMissing(true);
    const result = await change({ id: studentId, status: target, reason: reason.trim() });
    if (!('error' in result)) {
      setTarget(null);
      setReason('');
    }
  };

  return (
    <Card title="Estatus" aria-label="Estatus">
      <StudentStatusBadge status={status} />
      {moves.length > 0 && (
        <FormRow>
          {moves.map((to) => (
            <Button
              key={to}
              variant={to === target ? 'primary' : 'secondary'}
              onClick={() => {
                setTarget(to);
                setMissing(false);
              }}
            >
              {STUDENT_STATUS_ACTIONS[to]}
            </Button>
          ))}
        </FormRow>
      )}
      {canChange && moves.length === 0 && <p>Este estatus es definitivo: no admite cambios.</p>}
      {target && (
        <FormColumn aria-label="Cambiar estatus" onSubmit={submit}>
          <TextField
            // The step that just opened: the reason is asked first.
            autoFocus
            label="Motivo"
            hint={STATUSES_NEEDING_REASON.includes(target) ? 'Obligatorio' : 'Opcional'}
            value={reason}
            error={missing ? 'Escribe el motivo.' : null}
            onChange={(e) => setReason(e.target.value)}
          />
          {state.error && <FormError>{readError(state.error).message}</FormError>}
          <FormRow>
            <Button type="submit" disabled={state.isLoading}>
              Confirmar: {STUDENT_STATUS_ACTIONS[target]}
            </Button>
            <Button variant="ghost" onClick={() => setTarget(null)}>
              Cancelar
            </Button>
          </FormRow>
        </FormColumn>
      )}
    </Card>
  );
}
