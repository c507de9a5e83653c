import { useState } from 'react';
import type {
  CashClosing,
  CashierClosing,
  CashMovement,
  MethodTotals,
} from '@cuota/contracts/payments/cash-closing';
import { Card } from '@cuota/ui/card';
import { DataTable } from '@cuota/ui/data-table';
import { formatTimeOfDay, todayInMexicoCity } from '@cuota/ui/dates';
import { EmptyState } from '@cuota/ui/empty-state';
import { ErrorState } from '@cuota/ui/error-state';
import { FormRow } from '@cuota/ui/form-pieces';
import { MoneyText } from '@cuota/ui/money-text';
import { Notice } from '@cuota/ui/notice';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { cashClosingPdfUrl, useCashClosingQuery } from '../api/payments-api';

const METHOD_WORDS = { cash: 'Efectivo', transfer: 'Transferencia' } as const;

type Totals = Pick<CashClosing, 'cash' | 'transfer'>;

function MovementsTable({ cashier }: { cashier: CashierClosing }) {
  return (
    <DataTable<CashMovement>
      caption={`Movimientos de ${cashier.cashier_name}`}
      rows={cashier.movements}
      rowKey={(m) => `${m.kind}-${m.at}-${m.receipt_number ?? m.description}`}
      columns={[
        { header: 'Hora', cell: (m) => <time dateTime={m.at}>{formatTimeOfDay(m.at)}</time> },
        { header: 'Folio', cell: (m) => m.receipt_number ?? '—' },
        { header: 'Movimiento', cell: (m) => m.description },
        { header: 'Forma', cell: (m) => METHOD_WORDS[m.method] },
        {
          header: 'Importe',
          align: 'end',
          cell: (m) => <MoneyText centavos={m.amount_centavos} />,
        },
      ]}
    />
  );
}

function TotalsTable({ caption, cash, transfer }: { caption: string } & Totals) {
  const rows = [
    { method: 'cash' as const, totals: cash },
    { method: 'transfer' as const, totals: transfer },
  ];
  const money = (pick: (t: MethodTotals) => number) => (r: (typeof rows)[number]) => (
    <MoneyText centavos={pick(r.totals)} />
  );
  return (
    <DataTable<(typeof rows)[number]>
      caption={caption}
      rows={rows}
      rowKey={(r) => r.method}
      columns={[
        { header: 'Forma de pago', cell: (r) => METHOD_WORDS[r.method] },
        { header: 'Recibido', align: 'end', cell: money((t) => t.received_centavos) },
        { header: 'Anulado', align: 'end', cell: money((t) => t.voided_centavos) },
        { header: 'Devuelto', align: 'end', cell: money((t) => t.refunded_centavos) },
        { header: 'Neto', align: 'end', cell: money((t) => t.net_centavos) },
      ]}
    />
  );
}

/** Whether the cashiers' cash is what the books say the desk received that day. */
function LedgerCheck({ closing }: { closing: CashClosing }) {
  if (closing.ledger_cash_desk_centavos === null) return null;
  return (
    <Notice tone={closing.balanced ? 'success' : 'error'}>
      <p>
        Caja en contabilidad: <MoneyText centavos={closing.ledger_cash_desk_centavos} />.{' '}
        {closing.balanced
          ? 'Cuadra con el efectivo de los cajeros.'
          : 'No cuadra con el efectivo de los cajeros: avisa a tesorería.'}
      </p>
    </Notice>
  );
}

/** The corte de caja of a day (ADR 0036): each cashier's movements and totals, and the day's. */
export function CashClosingView({ schoolId }: { schoolId: string }) {
  const [date, setDate] = useState(todayInMexicoCity);
  const closing = useCashClosingQuery({ schoolId, date }, { skip: !date });
  return (
    <>
      <FormRow>
        <TextField
          label="Día"
          type="date"
          value={date}
          max={todayInMexicoCity()}
          onChange={(e) => setDate(e.target.value)}
        />
        {date && <a href={cashClosingPdfUrl(schoolId, date)}>Descargar PDF</a>}
      </FormRow>
      {closing.isFetching && <Spinner label="Cargando el corte…" />}
      {closing.error && (
        <ErrorState
          message={readError(closing.error).message}
          onRetry={() => void closing.refetch()}
        />
      )}
      {closing.data && !closing.isFetching && <ClosingOfDay closing={closing.data} />}
    </>
  );
}

function ClosingOfDay({ closing }: { closing: CashClosing }) {
  if (!closing.cashiers.length)
    return (
      <EmptyState
        title="Nadie cobró en caja este día"
        description="Los cobros en efectivo y transferencia, anulaciones y devoluciones del día aparecen aquí."
      />
    );
  return (
    <>
      {closing.cashiers.map((cashier) => (
        <Card key={cashier.cashier_id} title={`Cajero: ${cashier.cashier_name}`}>
          <MovementsTable cashier={cashier} />
          <TotalsTable caption={`Totales de ${cashier.cashier_name}`} {...cashier} />
        </Card>
      ))}
      {closing.cashiers.length > 1 && (
        <Card title="Total del día">
          <TotalsTable caption="Totales del día" {...closing} />
        </Card>
      )}
      <LedgerCheck closing={closing} />
    </>
  );
}

export function CashClosingPage() {
  const schoolId = useCurrentSchool().school?.id;
  return (
    <Page title="Corte de caja">
      <UtmLink to="/dashboard/payments">Volver a pagos</UtmLink>
      {schoolId && <CashClosingView schoolId={schoolId} />}
    </Page>
  );
}
