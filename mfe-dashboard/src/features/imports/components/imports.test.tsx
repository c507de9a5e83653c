/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportJob } from '@cuota/contracts/enrolment/student-import';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { apiErrorResponse, jsonResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { useNodeFormData } from '@cuota/web-core/test-support/node-form-data';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { ImportProgress } from './import-progress';
import { UploadForm } from './upload-form';

const job = (extra: Partial<ImportJob>): ImportJob => ({
  id: 'job-1',
  school_id: 'school-1',
  status: 'PENDING',
  file_name: 'alumnos.xlsx',
  total_rows: 10,
  processed_rows: 0,
  created_rows: 0,
  skipped_rows: 0,
  error_rows: 0,
  failure: null,
  created_at: '2026-01-01T00:00:00.000Z',
  started_at: null,
  finished_at: null,
  ...extra,
});
const render = (element: React.ReactElement) =>
  renderWithProviders(element, {
    url: '/dashboard/imports',
    path: '/dashboard/imports',
    session: staffSession(),
  });

let restoreFormData: () => void;
beforeAll(async () => {
  restoreFormData = await useNodeFormData();
});
afterAll(() => restoreFormData());
beforeEach(() => forgetCsrfToken());

test('the progress bar follows the job until it ends, then offers the error report', async () => {
  const answers = [
    job({ processed_rows: 4, created_rows: 4 }),
    job({ status: 'FINISHED_WITH_ERROR', processed_rows: 10, created_rows: 8, error_rows: 2 }),
  ];
  const network = stubFetch().on('GET', '/api/v1/internal/importer/job-1/', () =>
    jsonResponse(answers.length > 1 ? answers.shift() : answers[0]),
  );
  render(<ImportProgress jobId="job-1" pollMs={20} />);
  expect(await screen.findByText('4 de 10 filas procesadas')).toBeVisible();
  expect(await screen.findByText('Terminada con errores')).toBeVisible();
  expect(screen.getByLabelText('Avance de la importación')).toHaveAttribute('value', '10');
  expect(screen.getByRole('link', { name: 'Excel' })).toHaveAttribute(
    'href',
    '/api/v1/internal/importer/job-1/errors/?format=xlsx',
  );
  const asked = network.sent('GET', '/api/v1/internal/importer/job-1/').length;
  await new Promise((r) => setTimeout(r, 100));
  expect(network.sent('GET', '/api/v1/internal/importer/job-1/').length).toBe(asked);
});

test('an upload the API refuses shows its Spanish message; nothing without a file', async () => {
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('POST', '/api/v1/internal/import_students/', () =>
      apiErrorResponse(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Sube una hoja de cálculo .xlsx o un archivo .csv.',
      ),
    );
  const started = jest.fn();
  render(<UploadForm schoolId="school-1" onStarted={started} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Importar' }));
  expect(await screen.findByText('Elige un archivo .xlsx o .csv.')).toBeVisible();
  expect(network.sent('POST', '/api/v1/internal/import_students/')).toHaveLength(0);
  const input = screen.getByLabelText(/Archivo/);
  await user.upload(input, new File(['%PDF'], 'alumnos.xlsx'));
  await user.click(screen.getByRole('button', { name: 'Importar' }));
  expect(
    await screen.findByText('Sube una hoja de cálculo .xlsx o un archivo .csv.'),
  ).toBeVisible();
  await waitFor(() =>
    expect(network.sent('POST', '/api/v1/internal/import_students/')).toHaveLength(1),
  );
  expect(started).not.toHaveBeenCalled();
});
