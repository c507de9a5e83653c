import { useState, type FormEvent } from 'react';
import type { BankAccount } from '@cuota/contracts/payments/bank-accounts';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { CellNote } from '@cuota/ui/cell-note';
import { DataTable } from '@cuota/ui/data-table';
import { EmptyState } from '@cuota/ui/empty-state';
import { ErrorState } from '@cuota/ui/error-state';
import { FormColumn, FormError } from '@cuota/ui/form-pieces';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { newIdempotencyKey } from '@cuota/web-core/api/endpoint-request';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { useAddBankAccountMutation, useBankAccountsQuery } from '../api/bank-accounts-api';
import { useClabeFields } from './clabe-fields';

/** 002 010 07777777777 1: bank, plaza, account, check digit — as a bank prints it. */
const grouped = (clabe: string) =>
  `${clabe.slice(0, 3)} ${clabe.slice(3, 6)} ${clabe.slice(6, 17)} ${clabe.slice(17)}`;

const COLUMNS = [
  {
    header: 'Banco',
    cell: (a: BankAccount) => (
      <>
        {a.bank_name}
        {a.alias && <CellNote>{a.alias}</CellNote>}
      </>
    ),
  },
  {
    header: 'CLABE',
    cell: (a: BankAccount) => (
      <>
        {grouped(a.clabe)}
        <CellNote>{a.holder_name}</CellNote>
      </>
    ),
  },
];

/**
 * Adds an account: the CLABE is checked here with the service's own rules (digits, check
 * digit, bank) and the bank is shown as typed; one key per account asked for.
 */
function AddBankAccountForm({ schoolId }: { schoolId: string }) {
  const account = useClabeFields();
  const [alias, setAlias] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const [add, added] = useAddBankAccountMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = account.check();
    if (!checked) return;
    setProblem(null);
    const answer = await add({
      schoolId,
      idempotencyKey: key,
      account: { ...checked, ...(alias.trim() ? { alias } : {}) },
    });
    if ('error' in answer) return setProblem(readError(answer.error).message);
    setKey(newIdempotencyKey());
    account.reset();
    setAlias('');
  };
  return (
    <FormColumn aria-label="Agregar cuenta bancaria" onSubmit={(e) => void submit(e)}>
      {account.fields}
      <TextField
        label="Alias (opcional)"
        value={alias}
        maxLength={60}
        onChange={(e) => setAlias(e.target.value)}
      />
      {problem && <FormError>{problem}</FormError>}
      {added.isSuccess && !problem && (
        <p role="status">Cuenta de {added.data.bank_name} agregada.</p>
      )}
      <Button type="submit" disabled={added.isLoading}>
        {added.isLoading ? 'Agregando…' : 'Agregar cuenta'}
      </Button>
    </FormColumn>
  );
}

export function BankAccountsView({ schoolId }: { schoolId: string }) {
  const canAdd = useGrant('payments.refund');
  const accounts = useBankAccountsQuery(schoolId);
  return (
    <>
      {accounts.isLoading && <Spinner label="Cargando las cuentas…" />}
      {accounts.error ? (
        <ErrorState
          message={readError(accounts.error).message}
          onRetry={() => void accounts.refetch()}
        />
      ) : null}
      {accounts.data && (
        <DataTable<BankAccount>
          caption="Cuentas bancarias de la escuela"
          rows={accounts.data.results}
          rowKey={(a) => a.id}
          columns={COLUMNS}
          empty={
            <EmptyState
              title="Aún no hay cuentas bancarias"
              description="Agrega la CLABE donde la escuela recibe sus dispersiones."
            />
          }
        />
      )}
      {canAdd && (
        <Card title="Agregar cuenta">
          <AddBankAccountForm schoolId={schoolId} />
        </Card>
      )}
    </>
  );
}

export function BankAccountsPage() {
  const schoolId = useCurrentSchool().school?.id;
  return (
    <Page title="Cuentas bancarias">
      <UtmLink to="/dashboard/payments">Volver a pagos</UtmLink>
      {schoolId && <BankAccountsView schoolId={schoolId} />}
    </Page>
  );
}
