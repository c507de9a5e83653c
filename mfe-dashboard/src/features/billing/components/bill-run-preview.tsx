import type { BillRunPreview } from '@cuota/contracts/billing/bill-runs';
import { EDUCATION_LEVEL_LABELS } from '@cuota/contracts/enrolment/entities';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { formatInstant, formatPeriod } from '@cuota/ui/dates';
import { FormRow } from '@cuota/ui/form-pieces';
import { MoneyText } from '@cuota/ui/money-text';
import { Notice } from '@cuota/ui/notice';
import { StatusBadge } from '@cuota/ui/status-badge';

const students = (n: number) => `${n.toLocaleString('es-MX')} ${n === 1 ? 'alumno' : 'alumnos'}`;

/**
 * What the run is about to bill, before anything is written: students and total, per level.
 * «Confirmar» is off when nothing would be billed or the month's run already stands (ADR 0054).
 */
export function BillRunPreviewCard({
  preview,
  conceptName,
  busy,
  onConfirm,
  onCancel,
}: {
  preview: BillRunPreview;
  conceptName: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const standing = preview.standing_run;
  const month = preview.period ? ` de ${formatPeriod(preview.period)}` : '';
  return (
    <Card title="Vista previa" aria-label="Vista previa de la generación" focusTitle>
      <p>
        «{conceptName}»{month}: {students(preview.students)} por{' '}
        <MoneyText centavos={preview.total_centavos} /> (antes de becas).
      </p>
      {preview.levels.length > 0 && (
        <ul aria-label="Por nivel">
          {preview.levels.map((l) => (
            <li key={l.level}>
              {EDUCATION_LEVEL_LABELS[l.level]}: {students(l.students)},{' '}
              <MoneyText centavos={l.total_centavos} />
            </li>
          ))}
        </ul>
      )}
      {preview.existing_orders > 0 && (
        <p>{students(preview.existing_orders)} ya tienen esta orden: no se les cobra de nuevo.</p>
      )}
      {standing && (
        <Notice tone="warning">
          <p>
            Ya hay una generación{month} del {formatInstant(standing.created_at)}{' '}
            <StatusBadge kind="job" status={standing.status} />: deshazla para generar de nuevo.
          </p>
        </Notice>
      )}
      {!standing && preview.students === 0 && (
        <Notice>
          <p>No hay alumnos a quienes generar esta orden.</p>
        </Notice>
      )}
      <FormRow>
        <Button disabled={busy || !!standing || preview.students === 0} onClick={onConfirm}>
          {busy ? 'Generando…' : 'Confirmar'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cambiar
        </Button>
      </FormRow>
    </Card>
  );
}
