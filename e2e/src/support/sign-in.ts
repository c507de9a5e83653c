import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import { readLoginCode } from './mailbox';
import type { SystemUnderTest } from './system-under-test';

/** Who signs in on the dashboard: a demo role (the seed's password), or an e-mail and password. */
export type StaffLogin = StaffRole | { email: string; password: string };

/** Fills the dashboard's login form and sends it; what the page shows next is the caller's. */
export async function submitStaffLogin(page: Page, system: SystemUnderTest, who: StaffLogin) {
  const { email, password } =
    typeof who === 'string'
      ? {
          email: system.demo.staff.find((s) => s.role === who)!.email,
          password: system.demo.staff_password,
        }
      : who;
  await page.goto(system.urls.dashboardLogin);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** Signs a staff member in on `page`; resolves once the dashboard shows their school. */
export async function signInStaff(page: Page, system: SystemUnderTest, who: StaffLogin) {
  await submitStaffLogin(page, system, who);
  await page.getByTestId('school-name').waitFor();
}

/** A new browser context (with `options`) whose page is signed in as `who` on the dashboard. */
export async function newStaffPage(
  browser: Browser,
  system: SystemUnderTest,
  who: StaffLogin,
  options?: BrowserContextOptions,
): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await signInStaff(page, system, who);
  return page;
}

/**
 * On a family's login page: asks for the code, reads it from the mailbox and enters it. Where
 * the portal leads next (home, onboarding, the page the family came for) is the caller's.
 */
export async function enterLoginCode(page: Page, system: SystemUnderTest, email: string) {
  await page.getByRole('button', { name: 'Enviar código' }).click();
  const code = await readLoginCode(system.urls.mailbox, email, new Date(Date.now() - 2000));
  await page.getByLabel('Código de acceso').fill(code);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** A new browser context whose page a family has signed in on: it shows the family's home. */
export async function newFamilyPage(
  browser: Browser,
  system: SystemUnderTest,
  family: { email: string; guardianHash: string },
): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(new URL(`/guardians/${family.guardianHash}/login`, system.urls.portal).href);
  await enterLoginCode(page, system, family.email);
  await page.waitForURL(new RegExp(`/guardians/${family.guardianHash}$`));
  return page;
}

/**
 * The demo family's session, once per journey (a second code within 30 s would be refused),
 * for the contexts the journey opens at each width.
 */
export async function demoFamilySession(
  browser: Browser,
  system: SystemUnderTest,
): Promise<BrowserContextOptions['storageState']> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(system.urls.guardianLogin);
  await enterLoginCode(page, system, system.demo.guardian_email);
  await page.getByTestId('dependent-card').first().waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}
