import type { Browser } from 'playwright-core';
import { expectAccessible } from '../support/accessibility';
import { launchBrowser } from '../support/browser';
import { startSystemUnderTest, type SystemUnderTest } from '../support/system-under-test';
import { queryEnrolment } from '../support/enrolment-records';

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

test('an administrator signs in to the dashboard and sees their school', async () => {
  const { demo, urls, profile } = system;
  const owner = demo.staff.find((s) => s.role === 'OWNER')!;
  const [school] = await queryEnrolment<{ name: string }>(
    profile.postgresUrl,
    profile.databasePrefix,
    'SELECT name FROM schools WHERE id = $1',
    [demo.school_id],
  );

  const page = await (await browser.newContext()).newPage();
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
  const { demo, urls } = system;
  const page = await (await browser.newContext()).newPage();
  await page.goto(urls.dashboardLogin);
  await page.getByLabel('Correo electrónico').fill(demo.staff[0]!.email);
  await page.getByLabel('Contraseña').fill('no-es-la-contraseña');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: /contraseña/i })
    .waitFor();
  expect(page.url()).toContain('/dashboard/login');
  await expectAccessible(page);
});
