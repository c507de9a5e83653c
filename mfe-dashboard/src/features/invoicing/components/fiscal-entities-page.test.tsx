/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FiscalEntity } from '@cuota/contracts/invoicing/fiscal-entities';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { apiErrorResponse, jsonResponse, stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { FiscalEntitiesView } from './fiscal-entities-page';

const ENTITIES = '/api/v1/dashboard/schools/school-1/fiscal_entities/';
const entity = (changes: Partial<FiscalEntity>): FiscalEntity => ({
  id: 'fe-1',
  school_id: 'school-1',
  rfc: 'EKU9003173C9',
  legal_name: 'ESCUELA KEMPER URGATE',
  regimen_fiscal: '603',
  postal_code: '42501',
  series: 'A',
  next_folio: 1024,
  levels: [],
  rvoe: { elementary: '09PPR0001A' },
  invoice_timing: 'payment',
  publico_en_general: 'per_payment',
  csd: {
    no_certificado: '30001000000500003416',
    valid_to: '2029-06-30T18:00:00.000Z',
    state: 'valid',
    days_left: 944,
  },
  ...changes,
});
const secundaria = entity({
  id: 'fe-2',
  rfc: 'IIA040805DZ4',
  legal_name: 'INDISTRIA ILUMINADORA DE ALMACENES',
  series: 'S',
  next_folio: 1,
  levels: ['middle'],
  rvoe: {},
  invoice_timing: 'billing',
  publico_en_general: 'monthly',
  csd: {
    no_certificado: '30001000000500003417',
    valid_to: '2026-12-10T18:00:00.000Z',
    state: 'expiring',
    days_left: 12,
  },
});

function renderFiscal(canWrite: boolean) {
  return renderWithProviders(<FiscalEntitiesView schoolId="school-1" canWrite={canWrite} />, {
    url: '/dashboard/fiscal',
    path: '/dashboard/fiscal',
    session: staffSession(),
  });
}

const file = (name: string, bytes = [0x30, 0x82]) => new File([new Uint8Array(bytes)], name);

beforeEach(() => forgetCsrfToken());

test('each razón social shows its series, folio, levels and its CSD’s expiry, warned 30 days before', async () => {
  stubFetch().on('GET', ENTITIES, { results: [entity({}), secundaria] });
  renderFiscal(false);
  const first = await screen.findByRole('region', { name: 'Razón social EKU9003173C9' });
  expect(first).toHaveTextContent('A-1024');
  expect(first).toHaveTextContent('Todos los niveles que no tengan otra razón social');
  expect(first).toHaveTextContent('Primaria: 09PPR0001A');
  expect(within(first).getByText('Vigente')).toBeVisible();
  const second = screen.getByRole('region', { name: 'Razón social IIA040805DZ4' });
  expect(second).toHaveTextContent('S-1');
  expect(second).toHaveTextContent('Secundaria');
  expect(second).toHaveTextContent('vigente hasta 10 de diciembre de 2026');
  expect(within(second).getByText('Vence en 12 días')).toBeVisible();
  expect(within(second).getByRole('alert')).toHaveTextContent('Tramita un CSD nuevo en el SAT');
  expect(first).toHaveTextContent('Cuándo factura');
  expect(first).toHaveTextContent('Al cobrar. Cada pago se factura cuando llega el dinero');
  expect(second).toHaveTextContent('Al emitir el cargo (PPD). Cada cargo se factura al emitirse');
  expect(second).toHaveTextContent('complemento de pago');
  expect(first).toHaveTextContent('Público en generalUna factura por pago');
  expect(second).toHaveTextContent('Público en generalUna factura global mensual');
  // Reading only: no form to register.
  expect(screen.queryByRole('form', { name: 'Registrar razón social y CSD' })).toBeNull();
});

test('no razón social yet: says the school cannot invoice', async () => {
  stubFetch().on('GET', ENTITIES, { results: [] });
  renderFiscal(true);
  expect(await screen.findByText('La escuela aún no puede facturar')).toBeVisible();
});

test('a file that is not a .cer is refused before anything is sent', async () => {
  const network = stubFetch().on('GET', ENTITIES, { results: [] });
  renderFiscal(true);
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(await screen.findByLabelText('Certificado (.cer)'), file('notas.txt'));
  await user.upload(screen.getByLabelText('Llave privada (.key)'), file('CSD.key'));
  await user.click(screen.getByRole('button', { name: 'Guardar razón social y CSD' }));
  expect(await screen.findByText('«notas.txt» no es un archivo .cer.')).toHaveRole('alert');
  expect(network.sent('POST', ENTITIES)).toHaveLength(0);
});

test('the service’s Spanish refusal is shown; a saved CSD is confirmed', async () => {
  let answer = apiErrorResponse(
    400,
    'BAD_REQUEST',
    'La llave privada (.key) no corresponde al certificado (.cer).',
  );
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', ENTITIES, { results: [] })
    .on('POST', ENTITIES, () => answer);
  renderFiscal(true);
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('RFC'), 'IIA040805DZ4');
  await user.upload(screen.getByLabelText('Certificado (.cer)'), file('CSD.cer'));
  await user.upload(screen.getByLabelText('Llave privada (.key)'), file('CSD.key'));
  await user.type(screen.getByLabelText('Contraseña de la llave privada'), 'secreta');
  const save = screen.getByRole('button', { name: 'Guardar razón social y CSD' });
  await user.click(save);
  expect(await screen.findByText(/no corresponde al certificado/)).toHaveRole('alert');

  answer = jsonResponse(secundaria);
  await user.upload(screen.getByLabelText('Certificado (.cer)'), file('CSD.cer'));
  await user.upload(screen.getByLabelText('Llave privada (.key)'), file('CSD.key'));
  await user.click(save);
  expect(await screen.findByRole('status')).toHaveTextContent(
    'Guardamos la razón social IIA040805DZ4 con su CSD 30001000000500003417.',
  );
});

test('when to invoice: nothing chosen sends nothing (a renewal keeps it); PPD is sent as billing', async () => {
  stubFetch()
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('GET', ENTITIES, { results: [] })
    .on('POST', ENTITIES, () => jsonResponse(secundaria));
  renderFiscal(true);
  const user = userEvent.setup();
  const ppd = await screen.findByRole('radio', { name: /^Al emitir el cargo \(PPD\)/ });
  expect(screen.getByRole('radio', { name: /^Al cobrar/ })).not.toBeChecked();
  expect(ppd).not.toBeChecked();
  expect(screen.getByRole('group', { name: '¿Cuándo se factura?' })).toHaveTextContent(
    'una que renuevas conserva lo que tenía',
  );
  // What the browser uploads is the form's own FormData (jsdom's cannot reach the stub).
  const form = screen.getByRole('form', { name: 'Registrar razón social y CSD' });
  const timing = () => new FormData(form as HTMLFormElement).get('invoice_timing');
  expect(timing()).toBeNull();
  await user.click(ppd);
  expect(timing()).toBe('billing');
  await user.upload(screen.getByLabelText('Certificado (.cer)'), file('CSD.cer'));
  await user.upload(screen.getByLabelText('Llave privada (.key)'), file('CSD.key'));
  await user.click(screen.getByRole('button', { name: 'Guardar razón social y CSD' }));
  expect(await screen.findByRole('status')).toHaveTextContent('IIA040805DZ4');
});

test('público en general: nothing chosen sends nothing; a monthly global invoice is sent as monthly', async () => {
  stubFetch().on('GET', ENTITIES, { results: [] });
  renderFiscal(true);
  const user = userEvent.setup();
  const monthly = await screen.findByRole('radio', { name: 'Una factura global mensual' });
  const group = screen.getByRole('group', {
    name: 'Pagos de familias sin datos fiscales (público en general)',
  });
  expect(within(group).getAllByRole('radio')).toHaveLength(6);
  expect(group).toHaveTextContent('su pago sale de la global');
  const form = screen.getByRole('form', { name: 'Registrar razón social y CSD' });
  const mode = () => new FormData(form as HTMLFormElement).get('publico_en_general');
  expect(mode()).toBeNull();
  await user.click(monthly);
  expect(mode()).toBe('monthly');
});
