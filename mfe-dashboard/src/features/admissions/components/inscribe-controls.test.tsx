/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { apiErrorResponse, jsonResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { InscribeControls } from './inscribe-controls';

const PATH = '/api/v1/admissions/student_lead/s1/inscribe/';
const inscribed = {
  id: 's1',
  school_id: 'school-1',
  first_name: 'Valeria',
  last_name: 'Gómez',
  level: 'elementary',
  section: null,
  gender: null,
  birth_date: null,
  curp: null,
  status: 'active',
  guardians: [],
  concept_ids: [],
  created_at: '2026-01-01T00:00:00.000Z',
  label: 'No inscrito',
  without_payment: true,
};
beforeEach(() => forgetCsrfToken());

test('billing says not paid: the school may inscribe without payment, with a reason', async () => {
  let calls = 0;
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('POST', PATH, () =>
      ++calls === 1
        ? apiErrorResponse(
            409,
            'CONFLICT',
            'Cobranza indica «No inscrito» para la inscripción. Para inscribir sin pago, indica el motivo.',
          )
        : jsonResponse(inscribed),
    );
  renderWithProviders(<InscribeControls studentId="s1" name="Valeria Gómez" />, {
    url: '/dashboard/admissions',
    path: '/dashboard/admissions',
    session: staffSession(),
  });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Inscribir a Valeria Gómez' }));
  expect(await screen.findByText(/No inscrito.*indica el motivo/)).toBeVisible();
  const waive = screen.getByRole('button', { name: 'Inscribir sin pago' });
  expect(waive).toBeDisabled();
  await user.type(screen.getByLabelText('Motivo para inscribir sin pago'), 'Beca de la dirección');
  await user.click(waive);
  await waitFor(() => expect(network.sent('POST', PATH)).toHaveLength(2));
  expect(await network.sent('POST', PATH)[1]!.json()).toEqual({
    without_payment: true,
    reason: 'Beca de la dirección',
  });
});
