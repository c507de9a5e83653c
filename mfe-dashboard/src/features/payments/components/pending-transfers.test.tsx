/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import type { TransferReport } from '@cuota/contracts/payments/transfer-reports';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { transferReport } from '@cuota/web-core/test-support/transfer-report-fixture';
import { PendingTransfers } from './pending-transfers';

const LIST = '/api/v1/schools/school-1/transfer-reports/';
const CONFIRM = '/api/v1/dashboard/schools/school-1/payins/p-1/confirm-transfer/';
const REJECT = '/api/v1/dashboard/schools/school-1/payins/p-1/reject-transfer/';
const report = (over: Partial<TransferReport> = {}) =>
  transferReport({
    student_name: 'Lucía Pérez',
    amount_centavos: 350_000,
    reference: 'MBAN0100',
    ...over,
  });

beforeEach(() => forgetCsrfToken());

function show(role: StaffRole = 'CASH_COLLECTION') {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', LIST, { results: [report()] })
    .on('POST', CONFIRM, () => Response.json(report({ status: 'success' })))
    .on('POST', REJECT, () => Response.json(report({ status: 'failed' })));
  renderWithProviders(<PendingTransfers schoolId="school-1" />, {
    url: '/dashboard/payments',
    path: '/dashboard/payments',
    session: staffSession({ memberships: [{ school_id: 'school-1', role }] }),
  });
  return network;
}

test('staff see the pending report with its proof and confirm it', async () => {
  const network = show();
  const list = await screen.findByRole('list', { name: 'Transferencias por confirmar' });
  const [item] = within(list).getAllByRole('listitem');
  expect(item).toHaveTextContent('$3,500.00 de Lucía Pérez, transferidos el 5 sep 2026');
  expect(item).toHaveTextContent('Clave de rastreo MBAN0100');
  expect(within(item!).getByRole('link', { name: 'Ver comprobante' })).toHaveAttribute(
    'href',
    expect.stringContaining('/payins/p-1/proof-of-payment/'),
  );
  await userEvent.setup().click(within(item!).getByRole('button', { name: 'Confirmar' }));
  await waitFor(() => expect(network.sent('POST', CONFIRM)).toHaveLength(1));
});

test('a rejection needs a reason the family will read', async () => {
  const network = show('TREASURER');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Rechazar' }));
  await user.click(screen.getByRole('button', { name: 'Rechazar transferencia' }));
  expect(
    await screen.findByText('Escribe el motivo (al menos 5 caracteres): la familia lo leerá.'),
  ).toBeVisible();
  expect(network.sent('POST', REJECT)).toHaveLength(0);
  await user.type(screen.getByLabelText('Motivo del rechazo'), 'No llegó al banco');
  await user.click(screen.getByRole('button', { name: 'Rechazar transferencia' }));
  await screen.findByRole('list', { name: 'Transferencias por confirmar' });
  expect(await network.sent('POST', REJECT)[0]!.json()).toEqual({ reason: 'No llegó al banco' });
});

test('a role that cannot collect sees the report but cannot decide', async () => {
  show('ACCOUNTANT');
  const list = await screen.findByRole('list', { name: 'Transferencias por confirmar' });
  expect(within(list).queryByRole('button', { name: 'Confirmar' })).toBeNull();
});
