import { useState } from 'react';
import styled from 'styled-components';
import {
  CLOSE_DOCUMENT_LABELS,
  type MonthClose,
} from '@cuota/contracts/billing/month-close-report';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { ErrorState } from '@cuota/ui/error-state';
import { FormError, FormRow } from '@cuota/ui/form-pieces';
import { MoneyText } from '@cuota/ui/money-text';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { TextField } from '@cuota/ui/text-field';
import { formatDate, formatPeriod } from '@cuota/ui/dates';
import { readError } from '@cuota/web-core/api/api-error';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import {
  DownloadFailed,
  downloadMonthClose,
  useMonthCloseQuery,
  type CloseFormat,
} from '../api/month-close-api';

/** Figure over label, side by side, one a line on a phone. */
const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: ${({ theme }) => theme.space(3)} 0;
  & dt {
    color: ${({ theme }) => theme.colors.mutedText};
    font-size: ${({ theme }) => theme.fontSizes.small};
  }
  & dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.large};
    font-weight: 600;
    font-variant-numeric: ${({ theme }) => theme.fonts.numbers};
  }
`;

const sum = <T,>(rows: readonly T[], pick: (r: T) => number) =>
  rows.reduce((s, r) => s + pick(r), 0);

/** The close's headline figures; the files hold every row behind them. */
function Summary({ close }: { close: MonthClose }) {
  const { billing, payments, invoicing } = close;
  const collected = sum(payments.methods, (m) => m.collected_centavos);
  const reversed = sum(payments.methods, (m) => m.reversed_centavos);
  const figures: [string, number][] = [
    ['Facturado', sum(billing.billed, (r) => r.total_centavos)],
    [
      'Becas y descuentos',
      sum(billing.billed, (r) => r.scholarship_centavos + r.discount_centavos),
    ],
    ['Cobrado', collected],
    ['Devoluciones', reversed],
    ['Recargos cobrados', billing.late_fees_collected_centavos],
    ['Vencido al cierre', billing.owed.total],
    ['Por vencer al cierre', billing.owed.not_due],
  ];
  return (
    <>
      <p>
        Del {formatDate(close.from)} al {formatDate(close.to)}; adeudo al {formatDate(close.as_of)}.
      </p>
      <Figures>
        {figures.map(([label, centavos]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <MoneyText centavos={centavos} />
            </dd>
          </div>
        ))}
        {invoicing.documents.map((d) => (
          <div key={d.document}>
            <dt>{CLOSE_DOCUMENT_LABELS[d.document]}</dt>
            <dd>
              {d.issued} · <MoneyText centavos={d.total_centavos} />
            </dd>
          </div>
        ))}
      </Figures>
    </>
  );
}

function Downloads({ schoolId, month }: { schoolId: string; month: string }) {
  const [busy, setBusy] = useState<CloseFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (format: CloseFormat) => {
    setBusy(format);
    setError(null);
    try {
      await downloadMonthClose(schoolId, month, format);
    } catch (err) {
      setError(readError(err instanceof DownloadFailed ? err : { status: 'FETCH_ERROR' }).message);
    } finally {
      setBusy(null);
    }
  };
  const label = (format: CloseFormat, name: string) =>
    busy === format ? `Preparando el ${name}…` : `Descargar ${name}`;
  return (
    <>
      <FormRow>
        <Button onClick={() => void download('xlsx')} disabled={busy !== null}>
          {label('xlsx', 'Excel')}
        </Button>
        <Button variant="secondary" onClick={() => void download('pdf')} disabled={busy !== null}>
          {label('pdf', 'PDF')}
        </Button>
      </FormRow>
      {busy && <Spinner label={`Preparando el cierre de ${formatPeriod(month)}…`} />}
      {error && <FormError>{error}</FormError>}
    </>
  );
}

/** Cierre de mes: pick a month, read its figures, take them to the accountant as Excel or PDF. */
export function MonthCloseView({ schoolId }: { schoolId: string }) {
  const [month, setMonth] = useState<string | undefined>(undefined);
  const close = useMonthCloseQuery({ schoolId, month });
  // The server's month until the user picks one: one clock for the page and the files.
  const shown = month ?? close.data?.month;
  return (
    <>
      <FormRow>
        <TextField
          label="Mes"
          type="month"
          value={shown ?? ''}
          onChange={(e) => e.target.value && setMonth(e.target.value)}
        />
      </FormRow>
      {close.error ? (
        <ErrorState message={readError(close.error).message} onRetry={() => void close.refetch()} />
      ) : !close.data || close.isFetching ? (
        <Spinner label="Cargando el cierre de mes…" />
      ) : (
        <Card title={`Cierre de ${formatPeriod(close.data.month)}`}>
          <Summary close={close.data} />
          <Downloads schoolId={schoolId} month={close.data.month} />
        </Card>
      )}
    </>
  );
}

export function MonthClosePage() {
  const schoolId = useCurrentSchool().school?.id;
  return <Page title="Cierre de mes">{schoolId && <MonthCloseView schoolId={schoolId} />}</Page>;
}
