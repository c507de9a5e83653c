import type { Page } from 'playwright-core';
import { expectAccessible } from '../support/accessibility';
import { eventually } from '../support/eventually';
import { VIEWPORTS } from '../support/screenshots';
import { startJourney } from '../support/journey';
import { newStaffPage } from '../support/sign-in';

const journey = startJourney();

const signInTreasurer = (width: number, height: number): Promise<Page> =>
  newStaffPage(journey.browser, journey.system, 'TREASURER', { viewport: { width, height } });

/** A real 2×2 PNG (red), so the browser draws it: the photo a staff member uploads. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGM4ISd3Qk6OYb2U1NevXwEheAXLXnigYwAAAABJRU5ErkJggg==',
  'base64',
);

// A string, evaluated in the page: the e2e project's types have no DOM.
const sidewaysScroll = (page: Page) =>
  page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth');

test('Tienda: the demo catalogue with stock, a new item counted, its history; 390 and 1280', async () => {
  const page = await signInTreasurer(VIEWPORTS.desktop.width, VIEWPORTS.desktop.height);
  await page.goto(new URL('/dashboard/store', journey.system.urls.dashboardLogin).toString());
  const items = page.getByRole('table', { name: 'Artículos de la tienda' });
  await items.getByText('Playera polo').waitFor();
  await expect(
    page.getByLabel('Existencias de English Adventures 3').textContent(),
  ).resolves.toContain('Única: 3 disponibles');
  await expectAccessible(page);

  const name = `Gorra ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Nuevo artículo' }).click();
  await page.getByLabel('Nombre').fill(name);
  await page.getByLabel('Precio (IVA incluido)').fill('150.00');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await page.getByRole('button', { name: `Inventario de ${name}` }).click();
  await page.getByLabel('Movimiento').selectOption('SET_FIRST_TIME');
  await page.getByLabel('Cantidad').fill('12');
  await page.getByRole('button', { name: 'Registrar movimiento' }).click();
  // The list refetches after the movement: wait for it rather than read it once.
  await page.getByLabel(`Existencias de ${name}`).filter({ hasText: '12 disponibles' }).waitFor();
  await page
    .getByRole('table', { name: 'Movimientos de inventario' })
    .getByText(`${name} (Única)`)
    .waitFor();
  expect(await sidewaysScroll(page)).toBe(false);
  await page.screenshot({ path: '/tmp/i21-store-1280.png', fullPage: true });

  // A photo for the new item (ADR 0105): previewed here, then on the school's own site.
  await page.getByRole('button', { name: `Editar ${name}` }).click();
  await page
    .getByLabel('Agregar foto')
    .setInputFiles({ name: 'gorra.png', mimeType: 'image/png', buffer: PHOTO });
  await page
    .getByRole('list', { name: `Fotos de ${name}` })
    .getByRole('img')
    .waitFor();
  const site = await page.context().newPage();
  await site.goto(journey.system.urls.schoolSite);
  const photo = site.locator('cuota-store').getByRole('img', { name, exact: true });
  await photo.scrollIntoViewIfNeeded();
  // Drawn from Cuota's origin inside the element (a broken image has no natural width).
  await eventually(async () =>
    expect(
      await photo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    ).toBe(2),
  );
  await site.close();
  await page.getByRole('button', { name: 'Cancelar' }).click();

  await page.setViewportSize(VIEWPORTS.phone);
  await page.reload();
  await items.getByText('Playera polo').waitFor();
  expect(await sidewaysScroll(page)).toBe(false);
  await page.screenshot({ path: '/tmp/i21-store-390.png', fullPage: true });
});
