/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { BankAccountsView } from './bank-accounts-page';

const ACCOUNTS = '/api/v1/dashboard/schools/school-1/bank_accounts/';
const account = {
  id: 'account-1',
  school_id: 'school-1',
  clabe: '002010077777777771',
  bank_code: '002',
  bank_name: 'Banamex',
  holder_name: 'Colegio Prueba, A.C.',
  alias: 'Colegiaturas',
  created_by_name: 'Tere Tesorera',
  created_at: '2026-09-05T16:00:00.000Z',
};

function renderAccounts(role: StaffRole) {
  renderWithProviders(<BankAccountsView schoolId="school-1" />, {
    url: '/dashboard/payments/bank-accounts',
    path: '/dashboard/payments/bank-accounts',
    session: staffSession({ memberships: [{ school_id: 'school-1', role }] }),
  });
}

beforeEach(() => forgetCsrfToken());

test('the treasurer adds a CLABE: checked before sending, the bank named as it is typed', async () => {
  const accounts: (typeof account)[] = [];
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', ACCOUNTS, () => Response.json({ results: accounts }))
    .on('POST', ACCOUNTS, () => {
      accounts.push(account);
      return Response.json(account, { status: 201 });
    });
  renderAccounts('TREASURER');
  expect(
    await screen.findByRole('heading', { name: 'Aún no hay cuentas bancarias' }),
  ).toBeVisible();
  const user = userEvent.setup();
  const clabe = screen.getByLabelText('CLABE');
  await user.type(clabe, '002 010 07777777777 2');
  expect(screen.getByText('Banco: Banamex')).toBeVisible();
  await user.type(screen.getByLabelText('Titular'), 'Colegio Prueba, A.C.');
  await user.click(screen.getByRole('button', { name: 'Agregar cuenta' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'La CLABE no es válida: el último dígito no corresponde a los anteriores. Revísala.',
  );
  expect(network.sent('POST', ACCOUNTS)).toHaveLength(0);

  await user.clear(clabe);
  await user.type(clabe, '002 010 07777777777 1');
  await user.type(screen.getByLabelText('Alias (opcional)'), 'Colegiaturas');
  await user.click(screen.getByRole('button', { name: 'Agregar cuenta' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Cuenta de Banamex agregada.');
  const [sent] = network.sent('POST', ACCOUNTS);
  expect(await sent!.json()).toEqual({
    clabe: '002010077777777771',
    holder_name: 'Colegio Prueba, A.C.',
    alias: 'Colegiaturas',
  });
  expect(sent!.headers.get('idempotency-key')).toBeTruthy();
  const table = await screen.findByRole('table', { name: 'Cuentas bancarias de la escuela' });
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Banamex');
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent('002 010 07777777777 1');
});

test('an accountant sees the accounts but cannot add one', async () => {
  stubFetch().on('GET', ACCOUNTS, { results: [account] });
  renderAccounts('ACCOUNTANT');
  await screen.findByRole('table', { name: 'Cuentas bancarias de la escuela' });
  expect(screen.queryByRole('form', { name: 'Agregar cuenta bancaria' })).toBeNull();
});
