import type { Browser, Locator, Page } from 'playwright-core';
import { expectAccessible } from '../support/accessibility';
import { launchBrowser } from '../support/browser';
import { asPrinted } from '../support/printed';
import resetE2eState from '../support/reset-e2e-state';
import { expectScreenshot, stillPage, VIEWPORTS, type ViewportName } from '../support/screenshots';
import { signInStaff } from '../support/sign-in';
import { startSystemUnderTest, type SystemUnderTest } from '../support/system-under-test';

/**
 * Reportes › Cierre de mes as the accountant (issue 23), at phone and desktop width: the
 * month's figures from billing, payments and invoicing, and both files downloaded through the
 * BFF. The figures are the server's month (its clock, not the browser's fixed one): masked.
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

const widths = Object.keys(VIEWPORTS) as ViewportName[];

/** The accountant's Cierre de mes, once its figures are in: the month's card. */
async function openClose(page: Page) {
  await signInStaff(page, system, 'ACCOUNTANT');
  await page.goto(new URL('/dashboard/month-close', system.urls.dashboardLogin).toString());
  await page.getByRole('heading', { name: 'Cierre de mes', level: 1 }).waitFor();
  const card = page.locator('section', {
    has: page.getByRole('heading', { name: /^Cierre de \S+ \d{4}$/ }),
  });
  await card.getByRole('button', { name: 'Descargar PDF' }).waitFor();
  return card;
}

/** What the server's clock decides (the month and its figures): masked, its boxes compared. */
const serverDated = (page: Page, card: Locator) => [
  card.locator('dl'),
  card.locator('p').first(),
  card.getByRole('heading'),
  page.getByLabel('Mes'),
];

test.each(widths)('the month close at %s width, and its Excel and PDF', async (width) => {
  const page = await stillPage(browser, width);
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  const card = await openClose(page);
  const overflow = (await page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  )) as number;
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await expectScreenshot(page, `dashboard-month-close-${width}`, serverDated(page, card));
  for (const [button, extension] of [
    ['Descargar Excel', 'xlsx'],
    ['Descargar PDF', 'pdf'],
  ] as const) {
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: button }).click();
    expect((await download).suggestedFilename()).toMatch(
      new RegExp(`^cierre-\\d{4}-\\d{2}\\.${extension}$`),
    );
  }
  expect(failed).toEqual([]);
  await page.context().close();
});

test('printed, the month close is the page alone, without the menu', async () => {
  const page = await stillPage(browser, 'desktop');
  const card = await openClose(page);
  await asPrinted(page);
  await expectScreenshot(page, 'dashboard-month-close-print', serverDated(page, card));
  await page.context().close();
});
