/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { guardianSession } from '@cuota/web-core/test-support/session-fixtures';
import { transferReport } from '@cuota/web-core/test-support/transfer-report-fixture';
import { owedOrder } from '../test-support/owed-order';
import TransferReports from './transfer-reports';

const REPORTS = '/api/v1/schools/school-1/transfer-reports/';
const FULFILLMENTS = '/api/v1/schools/school-1/fulfillments/';
const REPORT = /^\/api\/v1\/schools\/school-1\/payins\/[0-9a-f-]{36}\/report-as-paid\/$/;
const PROOF = /^\/api\/v1\/schools\/school-1\/payins\/[0-9a-f-]{36}\/upload-proof-of-payment\/$/;
const sofia: [string, string] = ['student-1', 'Sofía López'];
const report = transferReport;

beforeEach(() => forgetCsrfToken());

const show = () =>
  renderWithProviders(<TransferReports schoolId="school-1" />, {
    url: '/guardians/x/payments/history',
    path: '/guardians/:hash/payments/history',
    session: guardianSession(),
  });

test('the family reports a transfer with its proof; the school then reviews it', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', REPORTS, { results: [] })
    .on('GET', FULFILLMENTS, [owedOrder('o-1', sofia, { period: '2026-09' })])
    .on('POST', REPORT, () => Response.json(report({ proof: null }), { status: 201 }))
    .on('PUT', PROOF, () => Response.json(report()));
  show();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Reportar una transferencia' }));
  await user.click(await screen.findByRole('button', { name: 'Enviar reporte' }));
  expect(await screen.findByText('Elige los cargos que pagaste.')).toBeVisible();

  await user.click(await screen.findByRole('checkbox', { name: /Colegiatura septiembre 2026/ }));
  await user.type(screen.getByLabelText('Clave de rastreo (opcional)'), 'MBAN0100');
  const file = new File(['%PDF-1.4'], 'spei.pdf', { type: 'application/pdf' });
  await user.upload(screen.getByLabelText('Comprobante (PDF, JPG o PNG, hasta 5 MB)'), file);
  await user.click(screen.getByRole('button', { name: 'Enviar reporte' }));

  expect(await screen.findByText(/Recibimos tu reporte/)).toBeVisible();
  const [sent] = network.requests.filter((r) => REPORT.test(new URL(r.url).pathname));
  expect(await sent!.json()).toMatchObject({
    student_id: 'student-1',
    order_ids: ['o-1'],
    amount_centavos: 250_000,
    reference: 'MBAN0100',
  });
  expect(sent!.headers.get('idempotency-key')).toBeTruthy();
  const [uploaded] = network.requests.filter((r) => PROOF.test(new URL(r.url).pathname));
  expect(new URL(uploaded!.url).pathname).toBe(
    new URL(sent!.url).pathname.replace('report-as-paid', 'upload-proof-of-payment'),
  );
});

test('each report says its status; a rejection says why; a pending one can be deleted', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', REPORTS, {
      results: [
        report(),
        report({
          payin_id: 'p-2',
          status: 'failed',
          rejection_reason: 'No llegó al banco',
        }),
        report({ payin_id: 'p-3', status: 'success', receipt_number: 'R-000007' }),
      ],
    })
    .on(
      'DELETE',
      '/api/v1/schools/school-1/payins/p-1/',
      () => new Response(null, { status: 204 }),
    );
  show();
  const list = await screen.findByRole('list', { name: 'Tus transferencias reportadas' });
  const [pending, rejected, confirmed] = within(list).getAllByRole('listitem');
  expect(pending).toHaveTextContent('En revisión');
  expect(rejected).toHaveTextContent('Rechazada');
  expect(rejected).toHaveTextContent('Motivo: No llegó al banco');
  expect(confirmed).toHaveTextContent('Confirmada · Recibo R-000007');
  expect(within(confirmed!).queryByRole('button', { name: 'Eliminar reporte' })).toBeNull();
  await userEvent.setup().click(within(pending!).getByRole('button', { name: 'Eliminar reporte' }));
  await waitFor(() =>
    expect(network.sent('DELETE', '/api/v1/schools/school-1/payins/p-1/')).toHaveLength(1),
  );
});
