import { gzipSync } from 'node:zlib';
import type { Browser, FrameLocator, Locator } from 'playwright-core';
import {
  startSchoolSite,
  type SchoolSite,
} from '@cuota/infra/sandboxes/school-site/school-site.ts';
import { launchBrowser } from '../support/browser';
import { eventually } from '../support/eventually';
import { startSystemUnderTest, type SystemUnderTest } from '../support/system-under-test';

let system: SystemUnderTest;
let browser: Browser;
let stranger: SchoolSite;

beforeAll(async () => {
  system = await startSystemUnderTest();
  browser = await launchBrowser();
  // The same page on a port the demo school never registered.
  stranger = await startSchoolSite({
    port: 0,
    cuotaUrl: system.urls.portal,
    schoolId: system.demo.school_id,
    schoolName: system.demo.school_name,
  });
});
afterAll(async () => {
  await stranger?.stop();
  await browser?.close();
  await system?.shutdown();
});

/** The first variant still on sale (a sold-out one's button is disabled). */
const addFirst = (scope: Locator | FrameLocator) =>
  scope.locator('button:enabled', { hasText: 'Agregar al carrito' }).first().click();

test("the school's own site shows the store both ways and each adds to its cart", async () => {
  const page = await browser.newPage();
  const started = Date.now();
  await page.goto(system.urls.schoolSite);
  const element = page.locator('cuota-store');
  await element
    .getByRole('button', { name: /^Agregar al carrito: / })
    .first()
    .waitFor();
  const firstPaintMs = Date.now() - started;
  await addFirst(element);
  await element.getByText('Carrito (1)').waitFor();

  const frame = page.frameLocator('#cuota-store-frame');
  await frame.getByRole('heading', { name: 'Tienda escolar', level: 1 }).waitFor();
  await addFirst(frame);
  await frame.getByRole('link', { name: 'Ver carrito (1)' }).waitFor();

  const script = await fetch(new URL('/embed/cuota-store.js', system.urls.portal));
  const gzKb = gzipSync(Buffer.from(await script.arrayBuffer())).length / 1024;
  console.log(`<cuota-store> first paint: ${firstPaintMs} ms, script ${gzKb.toFixed(1)} KB gz`);
  expect(gzKb).toBeLessThan(150);
  await page.close();
});

test('an unregistered site gets neither the element nor the frame', async () => {
  const page = await browser.newPage();
  await page.goto(`${stranger.url}/`);
  await page
    .locator('cuota-store')
    .getByText('Este sitio no está registrado para mostrar la tienda de la escuela.')
    .waitFor();
  // Chromium refuses the frame (frame-ancestors) and shows its own error page instead.
  await eventually(() =>
    expect(page.frames().some((f) => f.url().startsWith('chrome-error://'))).toBe(true),
  );
  expect(await page.frameLocator('#cuota-store-frame').getByRole('heading').count()).toBe(0);
  await page.close();
});

test('the catalogue and the sample site read on a phone without sideways scroll', async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(new URL(`/store/${system.demo.school_id}`, system.urls.portal).href);
  await page
    .getByRole('button', { name: /^Agregar al carrito: / })
    .first()
    .waitFor();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.goto(system.urls.schoolSite);
  await page
    .locator('cuota-store')
    .getByText(/^Carrito/)
    .waitFor();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.close();
});
