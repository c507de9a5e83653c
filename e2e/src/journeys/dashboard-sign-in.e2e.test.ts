import { expectAccessible } from '../support/accessibility';
import { queryEnrolment } from '../support/enrolment-records';
import { readDashboardLink } from '../support/mailbox';
import { startJourney } from '../support/journey';
import { newStaffPage, submitStaffLogin } from '../support/sign-in';

const journey = startJourney();

test('an administrator signs in to the dashboard and sees their school', async () => {
  const { demo, urls, profile } = journey.system;
  const owner = demo.staff.find((s) => s.role === 'OWNER')!;
  const [school] = await queryEnrolment<{ name: string }>(
    profile.postgresUrl,
    profile.databasePrefix,
    'SELECT name FROM schools WHERE id = $1',
    [demo.school_id],
  );

  const page = await (await journey.browser.newContext()).newPage();
  await page.goto(urls.dashboardLogin);
  await expectAccessible(page);
  await page.getByLabel('Correo electrónico').fill(owner.email);
  await page.getByLabel('Contraseña').fill(demo.staff_password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();

  await page.getByTestId('school-name').filter({ hasText: school!.name }).waitFor();
  expect(await page.getByTestId('school-name').innerText()).toBe(school!.name);
  await expectAccessible(page);
});

test('a wrong password keeps the administrator out with a Spanish message', async () => {
  const page = await (await journey.browser.newContext()).newPage();
  await submitStaffLogin(page, journey.system, {
    email: journey.system.demo.staff[0]!.email,
    password: 'no-es-la-contraseña',
  });
  await page
    .getByRole('alert')
    .filter({ hasText: /contraseña/i })
    .waitFor();
  expect(page.url()).toContain('/dashboard/login');
  await expectAccessible(page);
});

test('a staff member who forgot the password gets a link by e-mail and is signed in with it', async () => {
  const { demo, urls } = journey.system;
  const accountant = demo.staff.find((s) => s.role === 'ACCOUNTANT')!;
  // A session opened with the old password, elsewhere: the reset ends it.
  const elsewhere = await newStaffPage(journey.browser, journey.system, 'ACCOUNTANT');

  const page = await (await journey.browser.newContext()).newPage();
  await page.goto(urls.dashboardLogin);
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await page.getByRole('heading', { name: '¿Olvidaste tu contraseña?' }).waitFor();
  await expectAccessible(page);
  await page.getByLabel('Correo electrónico').fill(accountant.email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await page.getByRole('status').filter({ hasText: 'Si el correo pertenece' }).waitFor();

  await page.goto(
    await readDashboardLink(urls.mailbox, accountant.email, 'restablecer-contrasena'),
  );
  await page.getByRole('heading', { name: 'Elige una contraseña nueva' }).waitFor();
  await expectAccessible(page);
  // The demo password again, so later journeys of this run still sign in with it.
  await page.getByLabel('Contraseña nueva', { exact: true }).fill(demo.staff_password);
  await page.getByLabel('Confirma la contraseña').fill(demo.staff_password);
  await page.getByRole('button', { name: 'Guardar contraseña y entrar' }).click();
  await page.getByTestId('school-name').waitFor();

  await elsewhere.reload();
  await elsewhere.getByRole('heading', { name: 'Inicia sesión en el panel escolar' }).waitFor();
});
