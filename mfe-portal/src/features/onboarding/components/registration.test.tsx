/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GuardianDetail } from '@cuota/contracts/enrolment/guardian-profile';
import type { StudentDetail } from '@cuota/contracts/enrolment/student-detail';
import { apiErrorResponse, jsonResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { GUARDIAN_HASH, guardianSession } from '@cuota/web-core/test-support/session-fixtures';
import { guardianMeFixture as me } from '../../../test-support/guardian-me-fixture';
import Registration from './registration';

const GUARDIAN = '/api/v1/guardians/guardian-1/';

const record = (changes: Partial<GuardianDetail> = {}): GuardianDetail => ({
  id: 'guardian-1',
  first_name: 'María',
  last_name: 'López',
  email: 'maria@example.mx',
  phone: null,
  guardian_hash: GUARDIAN_HASH,
  onboarding_stage: 'PROFILE',
  fraud_status: 'no_risk',
  billing_name: null,
  tax_id: null,
  tax_zip_code: null,
  tax_regime: null,
  cfdi_use: null,
  schools: [{ id: 'school-1', name: 'Colegio Montessori del Valle' }],
  ...changes,
});

const student = (id: string, first_name: string, curp: string | null): StudentDetail => ({
  id,
  school_id: 'school-1',
  first_name,
  last_name: 'López Ruiz',
  gender: null,
  birth_date: null,
  nationality: 'MX',
  curp,
  enrolment_code: null,
  level: 'elementary',
  section: null,
  status: 'active',
  status_reason: null,
  billing_guardian_id: null,
  photo_url: null,
  guardians: [],
});

/** A salaried parent (605) with fiscal data: registration at `stage`. */
const invoicing = (stage: GuardianDetail['onboarding_stage']) =>
  record({
    onboarding_stage: stage,
    billing_name: 'MARIA LOPEZ RUIZ',
    tax_id: 'LORM850101AB1',
    tax_zip_code: '64000',
    tax_regime: '605',
  });

function renderRegistration(guardian: GuardianDetail) {
  const network = stubFetch()
    .on('GET', '/api/trpc/guardian.me', [{ result: { data: me } }])
    .on('GET', GUARDIAN, guardian)
    .on('GET', '/api/auth/csrf', { csrfToken: 'token-1' });
  renderWithProviders(<Registration guardianId="guardian-1" />, {
    url: `/guardians/${GUARDIAN_HASH}/onboarding`,
    path: '/guardians/:guardianHash/onboarding',
    session: guardianSession({ onboarding_stage: guardian.onboarding_stage }),
  });
  return network;
}

const patches = async (network: ReturnType<typeof stubFetch>) =>
  Promise.all(network.sent('PATCH', GUARDIAN).map((r) => r.clone().json()));

test('the first step asks for contact data and moves on with it', async () => {
  const network = renderRegistration(record());
  network.on('PATCH', GUARDIAN, record({ phone: '8112345678', onboarding_stage: 'BILLING' }));

  const card = await screen.findByRole('region', { name: 'Tus datos de contacto' });
  expect(screen.getByText(/Paso 1 de 4/)).toBeVisible();
  expect(within(card).getByLabelText('Correo electrónico')).toHaveValue('maria@example.mx');
  await userEvent.type(within(card).getByLabelText(/Teléfono celular/), '8112345678');
  await userEvent.click(within(card).getByRole('button', { name: 'Continuar' }));

  await waitFor(async () =>
    expect(await patches(network)).toEqual([
      {
        first_name: 'María',
        last_name: 'López',
        email: 'maria@example.mx',
        phone: '8112345678',
        onboarding_stage: 'BILLING',
      },
    ]),
  );
});

test('a refused step shows the Spanish message on the field it names', async () => {
  const network = renderRegistration(record({ onboarding_stage: 'BILLING' }));
  network.on('PATCH', GUARDIAN, () =>
    jsonResponse(
      {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Elige tu régimen fiscal.',
          details: [{ path: 'tax_regime', message: 'Elige tu régimen fiscal.' }],
        },
      },
      { status: 400 },
    ),
  );

  const card = await screen.findByRole('region', { name: 'Facturación' });
  await userEvent.type(within(card).getByLabelText('Nombre o razón social'), 'MARIA LOPEZ');
  await userEvent.type(within(card).getByLabelText(/^RFC/), 'LORM850101AB1');
  // A persona física's RFC: only régimenes a persona física may declare are offered.
  const regimen = within(card).getByLabelText(/Régimen fiscal/);
  expect(within(regimen).queryByRole('option', { name: /601/ })).toBeNull();
  expect(within(regimen).getByRole('option', { name: /605 · Sueldos y Salarios/ })).toBeVisible();
  await userEvent.click(within(card).getByRole('button', { name: 'Continuar' }));

  expect(await within(card).findByText('Elige tu régimen fiscal.')).toBeVisible();
  expect(regimen).toHaveAttribute('aria-invalid', 'true');
});

test('the use of CFDI offers what SAT admits for the régimen, D10 first', async () => {
  const network = renderRegistration(invoicing('CFDI'));
  network.on('PATCH', GUARDIAN, invoicing('STUDENTS'));

  const card = await screen.findByRole('region', { name: 'Uso del CFDI' });
  const progress = screen.getByRole('list', { name: 'Pasos del registro', hidden: true });
  expect(within(progress).getAllByRole('listitem', { hidden: true })[2]).toHaveAttribute(
    'aria-current',
    'step',
  );
  const uses = within(card).getAllByRole('radio');
  // A salaried parent (605) may not use G03 (gastos en general).
  expect(uses.map((u) => (u as HTMLInputElement).value)).toEqual(['D10', 'S01']);
  expect(uses[0]).toBeChecked();
  await userEvent.click(within(card).getByRole('button', { name: 'Continuar' }));

  await waitFor(async () =>
    expect(await patches(network)).toEqual([{ cfdi_use: 'D10', onboarding_stage: 'STUDENTS' }]),
  );
});

test('the last step saves the CURPs typed, completes, and has the session re-read', async () => {
  const network = renderRegistration(invoicing('STUDENTS'));
  network
    .on('GET', '/api/v1/students/student-1/', student('student-1', 'Sofía', null))
    .on('GET', '/api/v1/students/student-2/', student('student-2', 'Diego', 'LORD100101HNLPZGA1'))
    .on('PATCH', '/api/v1/students/student-1/', student('student-1', 'Sofía', 'LORS150314MNLPZFA3'))
    .on('PATCH', GUARDIAN, invoicing('COMPLETED'))
    .on('POST', '/api/auth/session', {})
    .on('GET', '/api/auth/session', guardianSession());

  const card = await screen.findByRole('region', { name: 'Tus estudiantes' });
  expect(await within(card).findByDisplayValue('LORD100101HNLPZGA1')).toBeVisible();
  await userEvent.type(
    within(card).getByLabelText('CURP de Sofía López Ruiz'),
    'lors150314mnlpzfa3',
  );
  await userEvent.click(within(card).getByRole('button', { name: 'Continuar' }));

  await waitFor(() => expect(network.sent('POST', '/api/auth/session')).toHaveLength(1));
  const sent = network.sent('PATCH', '/api/v1/students/student-1/');
  expect(await sent[0]!.clone().json()).toEqual({ curp: 'LORS150314MNLPZFA3' });
  expect(network.sent('PATCH', '/api/v1/students/student-2/')).toHaveLength(0);
  expect(await patches(network)).toEqual([{ onboarding_stage: 'COMPLETED' }]);
});

test('a completed registration keeps every step here to edit, without moving the stage', async () => {
  const network = renderRegistration(invoicing('COMPLETED'));
  network.on('PATCH', GUARDIAN, () =>
    apiErrorResponse(503, 'SERVICE_UNAVAILABLE', 'Intenta más tarde.'),
  );

  expect(await screen.findByText(/Tu registro está completo/)).toBeVisible();
  for (const title of ['Tus datos de contacto', 'Facturación', 'Uso del CFDI', 'Tus estudiantes'])
    expect(screen.getByRole('region', { name: title })).toBeVisible();
  const contact = screen.getByRole('region', { name: 'Tus datos de contacto' });
  await userEvent.click(within(contact).getByRole('button', { name: 'Guardar cambios' }));

  expect(await within(contact).findByText('Intenta más tarde.')).toBeVisible();
  expect((await patches(network))[0]).not.toHaveProperty('onboarding_stage');
});

test('a CURP the school still needs is asked for under that child', async () => {
  const network = renderRegistration(invoicing('STUDENTS'));
  const message =
    'Escribe la CURP de Sofía López Ruiz: sin ella sus colegiaturas no son deducibles.';
  network
    .on('GET', '/api/v1/students/student-1/', student('student-1', 'Sofía', null))
    .on('GET', '/api/v1/students/student-2/', student('student-2', 'Diego', 'LORD100101HNLPZGA1'))
    .on('PATCH', GUARDIAN, () =>
      jsonResponse(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message,
            details: [{ path: 'students.student-1.curp', message }],
          },
        },
        { status: 400 },
      ),
    );

  const card = await screen.findByRole('region', { name: 'Tus estudiantes' });
  await userEvent.click(within(card).getByRole('button', { name: 'Continuar' }));

  expect(await within(card).findByText(message)).toBeVisible();
  expect(within(card).getByLabelText('CURP de Sofía López Ruiz')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  expect(within(card).getAllByText(message)).toHaveLength(1);
});
