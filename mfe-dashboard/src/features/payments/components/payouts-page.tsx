import { useState, type FormEvent } from 'react';
import type { PayoutStatus, ScheduledPayout } from '@cuota/contracts/payments/payouts';
import { Badge } from '@cuota/ui/badge';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { CellNote } from '@cuota/ui/cell-note';
import { DataTable } from '@cuota/ui/data-table';
import { DateText } from '@cuota/ui/date-text';
import { todayInMexicoCity } from '@cuota/ui/dates';
import { EmptyState } from '@cuota/ui/empty-state';
import { ErrorState } from '@cuota/ui/error-state';
import { FormColumn, FormError } from '@cuota/ui/form-pieces';
import { MoneyText } from '@cuota/ui/money-text';
import { Notice } from '@cuota/ui/notice';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { usePayoutsQuery, useSchedulePayoutMutation } from '../api/payouts-api';

/** Spec §4's statuses, as staff read them. */
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  SCHEDULED: 'Programada',
  PROCESSING: 'En proceso',
  APPROVED: 'Depositada',
  DECLINED: 'Rechazada',
  CANCELED: 'Cancelada',
};
const TONES = {
  SCHEDULED: 'info',
  PROCESSING: 'warning',
  APPROVED: 'success',
  DECLINED: 'error',
  CANCELED: 'neutral',
} as const;

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return <Badge tone={TONES[status]}>{PAYOUT_STATUS_LABELS[status]}</Badge>;
}

const COLUMNS = [
  {
    header: 'Día cobrado',
    cell: (p: ScheduledPayout) => (
      <>
        <UtmLink to={`/dashboard/payments/payouts/${p.id}`}>
          <DateText date={p.collected_on} />
        </UtmLink>
        <CellNote>
          Depósito: <DateText date={p.scheduled_on} />
        </CellNote>
      </>
    ),
  },
  { header: 'Estado', cell: (p: ScheduledPayout) => <PayoutStatusBadge status={p.status} /> },
  {
    header: 'A depositar',
    cell: (p: ScheduledPayout) => (
      <>
        <MoneyText centavos={p.net_centavos} />
        <CellNote>
          {p.payins} pagos; comisión <MoneyText centavos={p.fee_centavos} />
          {p.carried_centavos > 0 && (
            <>
              ; reembolsos ya dispersados <MoneyText centavos={p.carried_centavos} />
            </>
          )}
        </CellNote>
      </>
    ),
  },
  {
    header: 'Cuenta',
    cell: (p: ScheduledPayout) =>
      `${p.bank_account.bank_name} ···${p.bank_account.clabe.slice(-4)}`,
  },
];

/** Refunds of paid-out payments the gateway will recover from a later payout, and how. */
function CarriedPending({ centavos }: { centavos: number }) {
  if (centavos <= 0) return null;
  return (
    <Notice tone="warning">
      <p>
        Reembolsos de pagos ya dispersados por descontar: <MoneyText centavos={centavos} />. La
        pasarela los recupera de las siguientes dispersiones; uno mayor que lo que deja un día se
        reparte entre varias.
      </p>
    </Notice>
  );
}

/** Schedules a closed day: what the gateway collected by card that day, less fees. */
function SchedulePayoutForm({ schoolId }: { schoolId: string }) {
  const [day, setDay] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [schedule, scheduled] = useSchedulePayoutMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!day) return setProblem('Elige el día cobrado.');
    setProblem(null);
    const answer = await schedule({ school_id: schoolId, collected_on: day });
    if ('error' in answer) setProblem(readError(answer.error).message);
  };
  return (
    <FormColumn aria-label="Programar dispersión" onSubmit={(e) => void submit(e)}>
      <TextField
        label="Día cobrado"
        type="date"
        value={day}
        max={todayInMexicoCity()}
        onChange={(e) => setDay(e.target.value)}
        hint="Solo días ya cerrados; lo cobrado con tarjeta ese día, menos devoluciones, reembolsos de pagos ya dispersados y comisiones."
      />
      {problem && <FormError>{problem}</FormError>}
      {scheduled.isSuccess && !problem && <p role="status">Dispersión programada.</p>}
      <Button type="submit" disabled={scheduled.isLoading}>
        {scheduled.isLoading ? 'Programando…' : 'Programar dispersión'}
      </Button>
    </FormColumn>
  );
}

export function PayoutsView({ schoolId }: { schoolId: string }) {
  const canSend = useGrant('payments.refund');
  const payouts = usePayoutsQuery(schoolId);
  return (
    <>
      {payouts.isLoading && <Spinner label="Cargando las dispersiones…" />}
      {payouts.error ? (
        <ErrorState
          message={readError(payouts.error).message}
          onRetry={() => void payouts.refetch()}
        />
      ) : null}
      {payouts.data && <CarriedPending centavos={payouts.data.carried_pending_centavos} />}
      {payouts.data && (
        <DataTable<ScheduledPayout>
          caption="Dispersiones de la escuela"
          rows={payouts.data.results}
          rowKey={(p) => p.id}
          columns={COLUMNS}
          empty={
            <EmptyState
              title="Aún no hay dispersiones"
              description="Programa un día cobrado con tarjeta para enviarlo a la cuenta de la escuela."
            />
          }
        />
      )}
      {canSend && (
        <Card title="Programar dispersión">
          <SchedulePayoutForm schoolId={schoolId} />
        </Card>
      )}
    </>
  );
}

export function PayoutsPage() {
  const schoolId = useCurrentSchool().school?.id;
  return (
    <Page title="Dispersiones">
      <UtmLink to="/dashboard/payments">Volver a pagos</UtmLink>{' '}
      <UtmLink to="/dashboard/payments/bank-accounts">Cuentas bancarias</UtmLink>
      {schoolId && <PayoutsView schoolId={schoolId} />}
    </Page>
  );
}
