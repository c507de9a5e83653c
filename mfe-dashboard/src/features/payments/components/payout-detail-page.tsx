import { useState } from 'react';
import { useParams } from 'react-router';
import type {
  PayoutDeduction,
  PayoutDetail,
  PayoutPayment,
} from '@cuota/contracts/payments/payouts';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { CellNote } from '@cuota/ui/cell-note';
import { DataTable } from '@cuota/ui/data-table';
import { DateText, InstantText } from '@cuota/ui/date-text';
import { ErrorState } from '@cuota/ui/error-state';
import { FieldLabel, FormError, Select } from '@cuota/ui/form-pieces';
import { MoneyText } from '@cuota/ui/money-text';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useGrant } from '@cuota/web-core/session/use-grant';
import {
  useChangePayoutAccountMutation,
  useExecutePayoutMutation,
  usePayoutAccountsQuery,
  usePayoutQuery,
} from '../api/payouts-api';
import { CancelPayoutForm } from './cancel-payout-form';
import { PayoutStatusBadge } from './payouts-page';

const PAYMENT_COLUMNS = [
  {
    header: 'Pago',
    cell: (p: PayoutPayment) => (
      <>
        <UtmLink to={`/dashboard/payments/${p.payin_id}`}>{p.receipt_number ?? p.payin_id}</UtmLink>
        <CellNote>
          <InstantText instant={p.paid_at} />
        </CellNote>
      </>
    ),
  },
  {
    header: 'Tarjeta',
    cell: (p: PayoutPayment) =>
      p.card_last4 ? `${p.card_brand ?? ''} ···${p.card_last4}` : (p.ticket_number ?? '—'),
  },
  { header: 'Monto', cell: (p: PayoutPayment) => <MoneyText centavos={p.amount_centavos} /> },
];

const DEDUCTION_COLUMNS = [
  {
    header: 'Descuento',
    cell: (d: PayoutDeduction) => (
      <>
        {d.label}
        {d.paid_out_on && (
          <CellNote>
            Dispersado el <DateText date={d.paid_out_on} />
          </CellNote>
        )}
      </>
    ),
  },
  {
    header: 'Pago',
    cell: (d: PayoutDeduction) => (
      <>
        <UtmLink to={`/dashboard/payments/${d.payin_id}`}>Ver pago</UtmLink>
        <CellNote>
          <InstantText instant={d.applied_at} />
        </CellNote>
      </>
    ),
  },
  { header: 'Monto', cell: (d: PayoutDeduction) => <MoneyText centavos={-d.amount_centavos} /> },
];

/** What leaves, where it goes and why: the payout's figures. */
function PayoutFigures({ payout }: { payout: PayoutDetail }) {
  return (
    <dl>
      <dt>Estado</dt>
      <dd>
        <PayoutStatusBadge status={payout.status} />
        {payout.status_reason && <CellNote>{payout.status_reason}</CellNote>}
      </dd>
      <dt>Depósito programado</dt>
      <dd>
        <DateText date={payout.scheduled_on} long />
      </dd>
      <dt>Cobrado con tarjeta</dt>
      <dd>
        <MoneyText centavos={payout.collected_centavos} /> ({payout.payins} pagos)
      </dd>
      <dt>Devoluciones del día</dt>
      <dd>
        <MoneyText centavos={payout.reversed_centavos} />
      </dd>
      {payout.carried_centavos > 0 && (
        <>
          <dt>Reembolsos de pagos ya dispersados</dt>
          <dd>
            <MoneyText centavos={payout.carried_centavos} />
          </dd>
        </>
      )}
      <dt>Comisión de la pasarela (IVA incluido)</dt>
      <dd>
        <MoneyText centavos={payout.fee_centavos} />
      </dd>
      <dt>A depositar</dt>
      <dd>
        <strong>
          <MoneyText centavos={payout.net_centavos} />
        </strong>
      </dd>
      <dt>Cuenta</dt>
      <dd>
        {payout.bank_account.bank_name} · {payout.bank_account.clabe}
      </dd>
    </dl>
  );
}

/** Execute, or send it to another of the school's accounts while it has not left. */
function PayoutActions({ payout }: { payout: PayoutDetail }) {
  const [execute, executing] = useExecutePayoutMutation();
  const [change, changing] = useChangePayoutAccountMutation();
  const accounts = usePayoutAccountsQuery(payout.id);
  const [problem, setProblem] = useState<string | null>(null);
  const open = payout.status === 'SCHEDULED' || payout.status === 'DECLINED';
  if (!open) return null;
  const run = async (answer: Promise<{ error?: unknown }>) => {
    const result = await answer;
    setProblem(result.error ? readError(result.error).message : null);
  };
  const options = (accounts.data?.results ?? []).map((a) => ({
    value: a.id,
    label: `${a.bank_name} ···${a.clabe.slice(-4)}${a.alias ? ` (${a.alias})` : ''}`,
  }));
  return (
    <Card title="Enviar">
      {options.length > 1 && (
        <FieldLabel>
          Cuenta de depósito
          <Select
            value={payout.bank_account.id}
            disabled={changing.isLoading}
            onChange={(e) =>
              void run(change({ payoutId: payout.id, bankAccountId: e.target.value }))
            }
          >
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </FieldLabel>
      )}
      {problem && <FormError>{problem}</FormError>}
      <Button disabled={executing.isLoading} onClick={() => void run(execute(payout.id))}>
        {executing.isLoading ? 'Enviando…' : 'Ejecutar dispersión'}
      </Button>
    </Card>
  );
}

export function PayoutDetailView({ payoutId }: { payoutId: string }) {
  const canSend = useGrant('payments.refund');
  const payout = usePayoutQuery(payoutId);
  if (payout.isLoading) return <Spinner label="Cargando la dispersión…" />;
  if (payout.error || !payout.data)
    return (
      <ErrorState message={readError(payout.error).message} onRetry={() => void payout.refetch()} />
    );
  return (
    <>
      <Card
        title={
          <>
            Día cobrado: <DateText date={payout.data.collected_on} long />
          </>
        }
      >
        <PayoutFigures payout={payout.data} />
      </Card>
      {canSend && <PayoutActions payout={payout.data} />}
      {canSend && ['SCHEDULED', 'DECLINED'].includes(payout.data.status) && (
        <CancelPayoutForm key={payout.data.id} payout={payout.data} />
      )}
      {payout.data.status === 'CANCELED' ? (
        <p>Sus pagos pasan a la siguiente dispersión que se programe.</p>
      ) : (
        <DataTable<PayoutPayment>
          caption="Pagos que liquida"
          rows={payout.data.payments}
          rowKey={(p) => p.payin_id}
          columns={PAYMENT_COLUMNS}
        />
      )}
      {payout.data.deductions.length > 0 && (
        <DataTable<PayoutDeduction>
          caption="Devoluciones que descuenta"
          rows={payout.data.deductions}
          rowKey={(d) => d.reversal_id}
          columns={DEDUCTION_COLUMNS}
        />
      )}
    </>
  );
}

export function PayoutDetailPage() {
  const { payoutId = '' } = useParams();
  return (
    <Page title="Dispersión">
      <UtmLink to="/dashboard/payments/payouts">Volver a dispersiones</UtmLink>
      <PayoutDetailView payoutId={payoutId} />
    </Page>
  );
}
