import { useState } from 'react';
import type { TransferReport } from '@cuota/contracts/payments/transfer-reports';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { DateText } from '@cuota/ui/date-text';
import { MoneyText } from '@cuota/ui/money-text';
import { Notice } from '@cuota/ui/notice';
import {
  proofUrl,
  useDeleteTransferReportMutation,
  useTransferReportsQuery,
} from '../api/portal-payments-api';
import { TransferReportForm } from './transfer-report-form';

const STATUS_TEXT: Record<TransferReport['status'], string> = {
  pending: 'En revisión',
  success: 'Confirmada',
  failed: 'Rechazada',
  canceled: 'Eliminada',
};

function ReportLine({ report }: { report: TransferReport }) {
  const [remove, removing] = useDeleteTransferReportMutation();
  return (
    <li>
      <p>
        <strong>
          <MoneyText centavos={report.amount_centavos} />
        </strong>{' '}
        transferidos el <DateText date={report.paid_on} /> por {report.student_name} ·{' '}
        {STATUS_TEXT[report.status]}
        {report.receipt_number && ` · Recibo ${report.receipt_number}`}
      </p>
      {report.rejection_reason && <p>Motivo: {report.rejection_reason}</p>}
      {report.proof && (
        <a href={proofUrl(report.school_id, report.payin_id)} target="_blank" rel="noreferrer">
          Ver comprobante
        </a>
      )}
      {report.status === 'pending' && (
        <Button
          variant="ghost"
          disabled={removing.isLoading}
          onClick={() => void remove({ schoolId: report.school_id, payinId: report.payin_id })}
        >
          Eliminar reporte
        </Button>
      )}
    </li>
  );
}

/**
 * Transfers the family reported and their status (ADR 0036), and the form to report one:
 * the school confirms each (then it is a payment with its receipt) or says why not.
 */
export default function TransferReports({ schoolId }: { schoolId: string }) {
  const reports = useTransferReportsQuery(schoolId).currentData?.results ?? [];
  const [reporting, setReporting] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <Card title="Transferencias reportadas">
      {sent && (
        <Notice tone="success">
          <p>Recibimos tu reporte. Te avisaremos cuando la escuela lo revise.</p>
        </Notice>
      )}
      {reports.length > 0 && (
        <ul aria-label="Tus transferencias reportadas">
          {reports.map((r) => (
            <ReportLine key={r.payin_id} report={r} />
          ))}
        </ul>
      )}
      {reporting ? (
        <TransferReportForm
          schoolId={schoolId}
          onDone={() => {
            setReporting(false);
            setSent(true);
          }}
        />
      ) : (
        <Button variant="secondary" onClick={() => setReporting(true)}>
          Reportar una transferencia
        </Button>
      )}
    </Card>
  );
}
