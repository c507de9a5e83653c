import type { Page } from 'playwright-core';
import { expectAccessible } from '../support/accessibility';
import { startJourney } from '../support/journey';
import { newStaffPage } from '../support/sign-in';

const journey = startJourney();

const signInAsOwner = (): Promise<Page> => newStaffPage(journey.browser, journey.system, 'OWNER');

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('Alumnos: list, filters, export, a student page with a status move and its history, a data edit, an order corrected, a photo and guardians', async () => {
  const page = await signInAsOwner();
  await page.getByRole('link', { name: 'Alumnos', exact: true }).click();
  const table = page.getByRole('table', { name: /^Alumnos \(/ });
  await table.waitFor();
  await expectAccessible(page);

  await page.getByLabel('Estatus').selectOption('active');
  await page.waitForURL(/status=active/);
  const exportHref = await page
    .getByRole('link', { name: 'Exportar a Excel' })
    .getAttribute('href');
  await table.getByRole('link').first().click();
  const status = page.getByRole('region', { name: 'Estatus', exact: true });
  await status.getByRole('button', { name: 'Inactivar' }).click();
  await page.getByLabel(/Motivo/).fill('Viaje familiar de un semestre');
  await page.getByRole('button', { name: 'Confirmar: Inactivar' }).click();
  await status.getByRole('button', { name: 'Activar', exact: true }).waitFor();
  expect(await status.getByText('Inactivo').isVisible()).toBe(true);
  await expectAccessible(page);

  // The history card shows that move first: who (the owner's name) and why.
  const history = page.getByRole('region', { name: 'Historial de estatus' });
  const latest = history.getByRole('row').nth(1);
  await latest.getByText('Activo → Inactivo').waitFor();
  expect(await latest.getByText('Viaje familiar de un semestre').isVisible()).toBe(true);
  expect(await latest.getByText('Laura Villanueva').isVisible()).toBe(true);

  // Cobranza: one order with its corrections; a new due date with its reason joins the trail.
  const billing = page.getByRole('region', { name: 'Cobranza' });
  await billing.getByRole('button', { name: /^Ver Inscripción/ }).click();
  const order = page.getByRole('region', { name: 'Orden' });
  await order.getByRole('button', { name: 'Cambiar vencimiento' }).click();
  await order.getByLabel(/Nueva fecha de vencimiento/).fill('2026-08-31');
  await order.getByLabel(/Motivo/).fill('Convenio de pago con la familia');
  await order.getByRole('button', { name: 'Cambiar vencimiento' }).click();
  const trail = order.getByRole('list', { name: 'Historial de correcciones' });
  await trail.getByText('Motivo: Convenio de pago con la familia').first().waitFor();
  expect(await trail.getByText('Laura Villanueva').first().isVisible()).toBe(true);
  await expectAccessible(page);
  await order.getByRole('button', { name: 'Cerrar' }).click();

  // Editar datos: a new first name, kept after a reload.
  await page.getByRole('button', { name: 'Editar datos' }).click();
  const edit = page.getByRole('form', { name: 'Editar datos del alumno' });
  const lastName = await edit.getByLabel('Apellidos').inputValue();
  await edit.getByLabel('Nombre', { exact: true }).fill('Renata Sofía');
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  const heading = page.getByRole('heading', { name: `Renata Sofía ${lastName}` });
  await heading.waitFor();
  await edit.waitFor({ state: 'detached' });
  await page.reload();
  await heading.waitFor();

  await page.setInputFiles('input[type=file]', {
    name: 'foto.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await page.getByRole('button', { name: 'Subir foto' }).click();
  await page.waitForResponse((r) => r.url().includes('/upload_photo/') && r.status() === 200);
  await page.locator('img[alt="Foto del alumno"][src*="/photo/"]').waitFor();

  await page.getByRole('table', { name: 'Tutores del alumno' }).waitFor();
  await page.getByRole('link', { name: 'Ver todos los tutores de la escuela' }).click();
  await page.getByRole('table', { name: /^Tutores \(/ }).waitFor();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Ver enlace' }).first().click();
  await page.getByText(/Enlace del portal: .*\/guardians\//).waitFor();

  // The export link downloads the filtered list through the BFF with the session cookie.
  const xlsx = await page.request.get(new URL(exportHref!, page.url()).toString());
  expect(xlsx.status()).toBe(200);
  expect(xlsx.headers()['content-type']).toContain('spreadsheetml');
});
