import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { expectAccessible } from '../support/accessibility';
import { launchBrowser } from '../support/browser';
import resetE2eState from '../support/reset-e2e-state';
import { VIEWPORTS, type ViewportName } from '../support/screenshots';
import { demoFamilySession } from '../support/sign-in';
import { startSystemUnderTest, type SystemUnderTest } from '../support/system-under-test';

/**
 * A family pays a subscription by card (ADR 0070): subscribes a child to the demo's
 * cafeteria, gives a card in the gateway sandbox's form, sees the card kept and this month
 * charged, removes the card and cancels the subscription.
 */
let system: SystemUnderTest;
let browser: Browser;
let guardianState: BrowserContextOptions['storageState'];

beforeAll(async () => {
  system = await startSystemUnderTest();
  browser = await launchBrowser();
  guardianState = await demoFamilySession(browser, system);
});
afterAll(async () => {
  await browser?.close();
  await system?.shutdown();
  // The month the card paid stays paid: the journeys after this one start from the seed.
  resetE2eState();
});

async function pageAt(width: ViewportName): Promise<Page> {
  const context = await browser.newContext({
    storageState: guardianState,
    viewport: VIEWPORTS[width],
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
  });
  const page = await context.newPage();
  await page.goto(
    new URL(`/guardians/${system.demo.guardian_hash}/subscriptions`, system.urls.portal).href,
  );
  return page;
}

/** Readable at this width: nothing sticks out sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('«Pagar con tarjeta cada mes»: the card form keeps a card, shown at phone and desktop width', async () => {
  const page = await pageAt('phone');
  await page.getByRole('group', { name: 'Elige un servicio para un alumno' }).waitFor();
  await page.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Suscribir' }).click();
  const subscription = page.getByRole('region').filter({ hasText: 'al mes · desde' }).first();
  await subscription.getByRole('button', { name: 'Pagar con tarjeta cada mes' }).click();

  const card = page.frameLocator('iframe[title="Datos de la tarjeta"]');
  await card.getByLabel('Nombre como aparece en la tarjeta').fill('MARIA LOPEZ');
  await card.getByLabel('Número de tarjeta').fill('5451951574925480');
  await card.getByLabel('Vencimiento (MM/AA)').fill('12/30');
  await card.getByLabel('Código de seguridad').fill('123');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/cuota-subscription-card-form-phone.png', fullPage: true });
  await subscription.getByRole('button', { name: 'Guardar tarjeta' }).click();
  await subscription
    .getByText('Se cobra cada mes a tu tarjeta Mastercard terminada en 5480.')
    .waitFor();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/cuota-subscription-card-phone.png', fullPage: true });

  const desktop = await pageAt('desktop');
  await desktop.getByText('Se cobra cada mes a tu tarjeta Mastercard terminada en 5480.').waitFor();
  // This month is charged at once and allocated by the gateway's webhook.
  await desktop.getByText(/^Último cargo: /).waitFor();
  await expectNoSidewaysScroll(desktop);
  await desktop.screenshot({ path: '/tmp/cuota-subscription-card-desktop.png', fullPage: true });

  await subscription.getByRole('button', { name: 'Quitar tarjeta' }).click();
  await subscription.getByRole('button', { name: 'Pagar con tarjeta cada mes' }).waitFor();
  await subscription.getByRole('button', { name: 'Cancelar suscripción' }).click();
  await subscription.getByRole('button', { name: 'Sí, cancelar suscripción' }).click();
  await page.getByRole('heading', { name: 'Aún no tienes suscripciones' }).waitFor();
});
