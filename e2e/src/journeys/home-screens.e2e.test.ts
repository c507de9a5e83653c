import type { Browser } from 'playwright-core';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import { expectAccessible } from '../support/accessibility';
import { inicioDrawn } from '../support/inicio';
import { asPrinted } from '../support/printed';
import { launchBrowser } from '../support/browser';
import resetE2eState from '../support/reset-e2e-state';
import { expectScreenshot, stillPage, VIEWPORTS, type ViewportName } from '../support/screenshots';
import { signInStaff } from '../support/sign-in';
import { startSystemUnderTest, type SystemUnderTest } from '../support/system-under-test';

/**
 * Inicio for each demo role (issue 23), at phone and desktop width: the money at a glance for
 * roles that read reports, the to-do list for whoever acts on it, enrolment figures for the
 * rest. Compared with the committed screenshots and checked with axe-core; nothing fails.
 */
let system: SystemUnderTest;
let browser: Browser;

beforeAll(async () => {
  resetE2eState();
  system = await startSystemUnderTest();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await system?.shutdown();
});

const ROLES: StaffRole[] = [
  'OWNER',
  'GENERAL_DIRECTOR',
  'TREASURER',
  'ADMINISTRATIVE_DIRECTOR',
  'ACCOUNTANT',
  'CASH_COLLECTION',
  'ADMISSIONS',
  'OTHER',
];
/** The roles with reports.read (docs/permissions.md): Inicio shows them the money. */
const MONEY_ROLES = new Set<StaffRole>([
  'OWNER',
  'GENERAL_DIRECTOR',
  'ADMINISTRATIVE_DIRECTOR',
  'TREASURER',
  'ACCOUNTANT',
]);
const widths = Object.keys(VIEWPORTS) as ViewportName[];

describe.each(widths)('Inicio at %s width', (width) => {
  test.each(ROLES)('as %s', async (role) => {
    const page = await stillPage(browser, width);
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await signInStaff(page, system, role);
    const asOfServerToday = await inicioDrawn(page, MONEY_ROLES.has(role));
    await page.getByRole('heading', { name: 'Inicio', level: 1 }).waitFor();
    // Nothing wider than the screen.
    const overflow = (await page.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    )) as number;
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await expectScreenshot(
      page,
      `dashboard-home-${role.toLowerCase().replace(/_/g, '-')}-${width}`,
      asOfServerToday,
    );
    expect(failed).toEqual([]);
    await page.context().close();
  });
});

test("printed, the owner's Inicio: no menu, cards whole, two a row, charts in colour", async () => {
  const page = await stillPage(browser, 'desktop');
  await signInStaff(page, system, 'OWNER');
  const asOfServerToday = await inicioDrawn(page, true);
  await asPrinted(page);
  await expectScreenshot(page, 'dashboard-home-owner-print', asOfServerToday);
  await page.context().close();
});
