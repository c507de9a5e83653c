import type { Page } from 'playwright-core';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import { expectAccessible } from '../support/accessibility';
import { readDashboardLink } from '../support/mailbox';
import { startJourney } from '../support/journey';
import { newStaffPage, signInStaff } from '../support/sign-in';

const journey = startJourney();

const signInAs = (role: StaffRole): Promise<Page> =>
  newStaffPage(journey.browser, journey.system, role);

test('the owner adds a cashier, makes them treasurer, sees it after a reload, then removes them', async () => {
  const page = await signInAs('OWNER');
  await page.getByRole('link', { name: 'Personal', exact: true }).click();
  await page.getByRole('table', { name: 'Personal de la escuela' }).waitFor();
  await expectAccessible(page);

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

test('a new member reads the invitation in the mailbox, sets a password at its link and signs in', async () => {
  const owner = await signInAs('OWNER');
  await owner.getByRole('link', { name: 'Personal', exact: true }).click();
  await owner.getByRole('table', { name: 'Personal de la escuela' }).waitFor();
  const name = `Lucia Admisiones ${Date.now().toString(36)}`;
  const email = `${name.replace(/ /g, '.').toLowerCase()}@colegio.mx`;
  const form = owner.getByRole('form', { name: 'Agregar personal' });
  await form.getByLabel('Nombre').fill(name);
  await form.getByLabel('Correo').fill(email);
  await form.getByLabel('Rol').selectOption('ADMISSIONS');
  await form.getByRole('button', { name: 'Agregar' }).click();
  await owner.getByRole('status').filter({ hasText: 'enviamos' }).waitFor();

  // The member's own browser: the link from the e-mail, signed out.
  const link = await readDashboardLink(journey.system.urls.mailbox, email, 'invitacion');
  const member = await (await journey.browser.newContext()).newPage();
  await member.goto(link);
  await member.getByLabel('Nombre completo').waitFor();
  await expectAccessible(member);
  await member.getByLabel('Nombre completo').fill(name);
  await member.getByLabel('Contraseña nueva').fill('lucia-clave-2026');
  await member.getByLabel('Confirma la contraseña').fill('lucia-clave-2026');
  await member.getByRole('button', { name: 'Crear contraseña y entrar' }).click();
  await member.getByTestId('school-name').waitFor();
  expect(new URL(member.url()).pathname).toBe('/dashboard');
  expect(await member.getByText('Tu rol:').textContent()).toContain('Admisiones');

  // The link is spent; the password signs in from a fresh browser.
  const again = await (await journey.browser.newContext()).newPage();
  await again.goto(link);
  await again.getByLabel('Nombre completo').fill(name);
  await again.getByLabel('Contraseña nueva').fill('otra-clave-2026');
  await again.getByLabel('Confirma la contraseña').fill('otra-clave-2026');
  await again.getByRole('button', { name: 'Crear contraseña y entrar' }).click();
  await again.getByRole('alert').filter({ hasText: 'ya no sirve' }).waitFor();
  await signInStaff(again, journey.system, { email, password: 'lucia-clave-2026' });
});

test('a member with role OTHER sees no "Personal" entry and the BFF refuses the list', async () => {
  const page = await signInAs('OTHER');
  await page
    .getByRole('navigation', { name: 'Secciones del panel' })
    .getByRole('link', { name: 'Inicio' })
    .waitFor();
  expect(await page.getByRole('link', { name: 'Personal', exact: true }).count()).toBe(0);
  await expectAccessible(page);
  const res = await page.request.get(
    new URL(
      `/api/v1/dashboard/schools/${journey.system.demo.school_id}/admins/`,
      page.url(),
    ).toString(),
  );
  expect(res.status()).toBe(403);
  expect((await res.json()).error.message).toBe(
    'Tu rol no tiene permiso para realizar esta acción en esta escuela.',
  );
});
