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
  // The host script only; the whole first load is measured by `npm run bench` (embed-first-load).
  console.log(
    `<cuota-store> first paint: ${firstPaintMs} ms, host script ${gzKb.toFixed(1)} KB gz`,
  );
  expect(gzKb).toBeLessThan(150);
  await page.close();
});

const BOOK = 'Matemáticas 3° de primaria';

test('<cuota-store> runs the embed build of the store the shell uses, styled apart, shows an item and takes the cart to checkout', async () => {
  const { remotes } = (await (await fetch(new URL('/api/remotes', system.urls.portal))).json()) as {
    remotes: { name: string; entry: string }[];
  };
  const storeManifest = remotes.find((r) => r.name === 'mfe_store')!.entry;
  const page = await browser.newPage();
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto(system.urls.schoolSite);
  const element = page.locator('cuota-store');
  await element.getByRole('heading', { name: BOOK }).waitFor();
  // Through the federation runtime, from the version of the store the BFF points at now: its
  // embed build, beside the manifest the shell reads (ADR 0102).
  expect(requested).toContain(new URL('embed/mf-manifest.json', storeManifest).href);
  expect(requested).toContain(new URL('embed/remoteEntry.js', storeManifest).href);
  // Its styles live in its shadow root: the school's page keeps its serif font and gets none.
  // A string: the school's page has no CSP, and e2e's TypeScript has no DOM types.
  const styles = (await page.evaluate(`(() => {
    const shadow = document.querySelector('cuota-store').shadowRoot;
    return {
      inPage: document.head.querySelectorAll('style[data-styled]').length,
      inElement: shadow.querySelectorAll('style').length,
      pageFont: getComputedStyle(document.body).fontFamily,
      storeFont: getComputedStyle(shadow.querySelector('button')).fontFamily,
    };
  })()`)) as { inPage: number; inElement: number; pageFont: string; storeFont: string };
  expect(styles.inPage).toBe(0);
  expect(styles.inElement).toBeGreaterThan(0);
  expect(styles.pageFont).toMatch(/^Georgia/);
  expect(styles.storeFont).not.toMatch(/Georgia/);

  // The item's detail opens inside the element; the school's page keeps its address.
  const schoolUrl = page.url();
  await element
    .getByRole('region', { name: BOOK })
    .getByRole('link', { name: 'Ver detalle' })
    .click();
  const detail = element.getByRole('article', { name: BOOK });
  await detail.getByRole('heading', { name: BOOK }).waitFor();
  await detail.getByText(/MXN ·/).waitFor();
  await detail.getByRole('button', { name: `Agregar al carrito: ${BOOK}` }).click();
  await element.getByText('Carrito (1)').waitFor();
  expect(page.url()).toBe(schoolUrl);
  await detail.getByRole('link', { name: 'Volver a la tienda' }).click();
  await element.getByRole('region', { name: BOOK }).waitFor();
  // Paying leaves the school's page for Cuota's own store, the cart carried along.
  await element.getByRole('link', { name: 'Pagar en la tienda' }).click();
  await page.waitForURL(/\/store\/[^/]+\/carrito\?lineas=/);
  expect(new URL(page.url()).origin).toBe(new URL(system.urls.portal).origin);
  await page.getByRole('button', { name: 'Continuar al pago' }).click();
  await page.waitForURL(/\/store\/[^/]+\/pago$/);
  await page.getByRole('heading', { name: 'Forma de pago' }).waitFor();
  // Priced by the server for the line carried from the school's page.
  await page.getByRole('button', { name: 'Pagar $415.00' }).waitFor();
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
