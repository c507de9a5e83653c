import type { Browser, Page } from 'playwright-core';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import { launchBrowser } from '../support/browser';
import { startSystemUnderTest, type SystemUnderTest } from '../support/system-under-test';

let system: SystemUnderTest;
let browser: Browser;

beforeAll(async () => {
  system = await startSystemUnderTest();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await system?.shutdown();
});

async function signInAs(role: StaffRole): Promise<Page> {
  const { demo, urls } = system;
  const member = demo.staff.find((s) => s.role === role)!;
  const page = await (await browser.newContext()).newPage();
  await page.goto(urls.dashboardLogin);
  await page.getByLabel('Correo electrónico').fill(member.email);
  await page.getByLabel('Contraseña').fill(demo.staff_password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByTestId('school-name').waitFor();
  return page;
}

test('the owner adds a cashier, makes them treasurer, sees it after a reload, then removes them', async () => {
  const page = await signInAs('OWNER');
  await page.getByRole('link', { name: 'Personal', exact: true }).click();
  await page.getByRole('table', { name: 'Personal de la escuela' }).waitFor();

  // A member of their own (unique per run): the demo staff stay as other journeys expect them.
  const name = `Rosa Caja ${Date.now().toString(36)}`;
  const form = page.getByRole('form', { name: 'Agregar personal' });
  await form.getByLabel('Nombre').fill(name);
  await form.getByLabel('Correo').fill(`${name.replace(/ /g, '.').toLowerCase()}@colegio.mx`);
  await form.getByLabel('Rol').selectOption('CASH_COLLECTION');
  await form.getByRole('button', { name: 'Agregar' }).click();
  await page.getByRole('status').filter({ hasText: 'código de invitación' }).waitFor();

  const role = page.getByLabel(`Rol de ${name}`);
  expect(await role.inputValue()).toBe('CASH_COLLECTION');
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/admins/') && r.status() === 200,
  );
  await role.selectOption('TREASURER');
  await saved;

  await page.reload();
  await page.getByRole('table', { name: 'Personal de la escuela' }).waitFor();
  expect(await page.getByLabel(`Rol de ${name}`).inputValue()).toBe('TREASURER');

  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Quitar' }).click();
  await page.getByRole('button', { name: 'Sí, quitar' }).click();
  await row.waitFor({ state: 'detached' });
});

test('a member with role OTHER sees no "Personal" entry and the BFF refuses the list', async () => {
  const page = await signInAs('OTHER');
  await page
    .getByRole('navigation', { name: 'Secciones del panel' })
    .getByRole('link', { name: 'Inicio' })
    .waitFor();
  expect(await page.getByRole('link', { name: 'Personal', exact: true }).count()).toBe(0);
  const res = await page.request.get(
    new URL(`/api/v1/dashboard/schools/${system.demo.school_id}/admins/`, page.url()).toString(),
  );
  expect(res.status()).toBe(403);
  expect((await res.json()).error.message).toBe(
    'Tu rol no tiene permiso para realizar esta acción en esta escuela.',
  );
});
