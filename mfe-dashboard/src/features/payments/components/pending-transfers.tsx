import { useState, type FormEvent } from 'react';
import type { TransferReport } from '@cuota/contracts/payments/transfer-reports';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { DateText } from '@cuota/ui/date-text';
import { FormColumn, FormError, FormRow } from '@cuota/ui/form-pieces';
import { MoneyText } from '@cuota/ui/money-text';
import { TextAreaField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { useGrant } from '@cuota/web-core/session/use-grant';
import {
  proofUrl,
  useConfirmTransferMutation,
  usePendingTransfersQuery,
  useRejectTransferMutation,
} from '../api/transfer-reports-api';

function RejectForm({ report, onCancel }: { report: TransferReport; onCancel: () => void }) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [reject, rejecting] = useRejectTransferMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 5)
      return setProblem('Escribe el motivo (al menos 5 caracteres): la familia lo leerá.');
    const answer = await reject({ schoolId: report.school_id, payinId: report.payin_id, reason });
    if ('error' in answer) setProblem(readError(answer.error).message);
  };
  return (
    <FormColumn aria-label="Rechazar transferencia" onSubmit={(e) => void submit(e)}>
      <TextAreaField
        label="Motivo del rechazo"
        value={reason}
        maxLength={300}
        onChange={(e) => setReason(e.target.value)}
      />
      {problem && <FormError>{problem}</FormError>}
      <FormRow>
        <Button type="submit" disabled={rejecting.isLoading}>
          Rechazar transferencia
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancelar
        </Button>
      </FormRow>
    </FormColumn>
  );
}

function PendingTransfer({ report, canDecide }: { report: TransferReport; canDecide: boolean }) {
  const [rejecting, setRejecting] = useState(false);
  const [confirm, confirming] = useConfirmTransferMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const confirmIt = async () => {
    const answer = await confirm({ schoolId: report.school_id, payinId: report.payin_id });
    if ('error' in answer) setProblem(readError(answer.error).message);
  };
  return (
    <li>
      <p>
        <strong>
          <MoneyText centavos={report.amount_centavos} />
        </strong>{' '}
        de {report.student_name}, transferidos el <DateText date={report.paid_on} />
        {report.reference && ` · Clave de rastreo ${report.reference}`}
      </p>
      <FormRow>
        {report.proof ? (
          <a href={proofUrl(report.school_id, report.payin_id)} target="_blank" rel="noreferrer">
            Ver comprobante
          </a>
        ) : (
          <span>Sin comprobante</span>
        )}
        {canDecide && !rejecting && (
          <>
            <Button disabled={confirming.isLoading} onClick={() => void confirmIt()}>
              Confirmar
            </Button>
            <Button variant="secondary" onClick={() => setRejecting(true)}>
              Rechazar
            </Button>
          </>
        )}
      </FormRow>
      {problem && <FormError>{problem}</FormError>}
      {rejecting && <RejectForm report={report} onCancel={() => setRejecting(false)} />}
    </li>
  );
}

/**
 * Transfers families reported and nobody reviewed yet (ADR 0036): staff open the proof,
 * check the bank and confirm (it pays like a desk payment, with a receipt) or reject with
 * a reason the family reads. Nothing when none are pending.
 */
export function PendingTransfers({ schoolId }: { schoolId: string }) {
  const canDecide = useGrant('payments.collect');
  const pending = usePendingTransfersQuery(schoolId).currentData?.results ?? [];
  if (!pending.length) return null;
  return (
    <Card title="Transferencias por confirmar">
      <ul aria-label="Transferencias por confirmar">
        {pending.map((r) => (
          <PendingTransfer key={r.payin_id} report={r} canDecide={canDecide} />
        ))}
      </ul>
    </Card>
  );
}
