/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { DeskLimitView } from './desk-limit-page';

const SETTINGS = '/api/v1/dashboard/schools/school-1/desk-settings/';

function renderLimit(role: StaffRole) {
  renderWithProviders(<DeskLimitView schoolId="school-1" />, {
    url: '/dashboard/desk/limit',
    path: '/dashboard/desk/limit',
    session: staffSession({ memberships: [{ school_id: 'school-1', role }] }),
  });
}

beforeEach(() => forgetCsrfToken());

test('the treasurer changes the limit in pesos', async () => {
  let limit = 5_000_000;
  const network = stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', SETTINGS, () => Response.json({ desk_limit_centavos: limit }))
    .on('PUT', SETTINGS, async (request: Request) => {
      limit = ((await request.json()) as { desk_limit_centavos: number }).desk_limit_centavos;
      return Response.json({ desk_limit_centavos: limit });
    });
  renderLimit('TREASURER');
  const field = await screen.findByLabelText('Límite por pago');
  expect(field).toHaveValue('50000.00');
  const user = userEvent.setup();
  await user.clear(field);
  await user.type(field, '20,000');
  await user.click(screen.getByRole('button', { name: 'Guardar límite' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Límite guardado.');
  expect(await network.sent('PUT', SETTINGS)[0]!.json()).toEqual({
    desk_limit_centavos: 2_000_000,
  });
});

test('a cashier reads the limit and cannot change it', async () => {
  stubFetch().on('GET', SETTINGS, { desk_limit_centavos: 5_000_000 });
  renderLimit('CASH_COLLECTION');
  expect(await screen.findByText('Cada pago en caja puede ser de hasta $50,000.00.')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Guardar límite' })).toBeNull();
});
