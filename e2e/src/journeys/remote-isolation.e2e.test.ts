import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { expectAccessible } from '../support/accessibility';
import { launchBrowser } from '../support/browser';
import { enterLoginCode } from '../support/sign-in';
import { repoRoot, startSystemUnderTest, type SystemUnderTest } from '../support/system-under-test';

let system: SystemUnderTest;
let browser: Browser;

beforeAll(async () => {
  system = await startSystemUnderTest();
  browser = await launchBrowser();
});
afterAll(async () => {
  await system?.control({ type: 'start-process', name: 'mfe-store' }).catch(() => undefined);
  await browser?.close();
  await system?.shutdown();
});

test('with the store remote stopped, the store route shows its fallback and the portal still works', async () => {
  await system.control({ type: 'stop-process', name: 'mfe-store' });
  const page = await (await browser.newContext()).newPage();

  await page.goto(`${system.urls.portal}store`);
  const fallback = page.getByTestId('remote-fallback-mfe_store');
  await fallback.waitFor();
  expect(await fallback.innerText()).toMatch(/no está disponible/i);
  await expectAccessible(page);

  await page.goto(system.urls.guardianLogin);
  await enterLoginCode(page, system, system.demo.guardian_email);
  await page.getByTestId('dependent-card').first().waitFor();

  await system.control({ type: 'start-process', name: 'mfe-store' });
});

test('a remote that throws while loading shows its fallback inside its own route only', async () => {
  const page = await (await browser.newContext()).newPage();
  // A broken deployment: the dashboard remote's entry throws as soon as it runs.
  await page.route(/\/remoteEntry\.js$/, async (route) => {
    if (!route.request().url().includes(`:${system.profile.remotePorts.dashboard}/`))
      return route.continue();
    await route.fulfill({
      contentType: 'application/javascript',
      body: 'throw new Error("despliegue roto")',
    });
  });
  await page.goto(`${system.urls.portal}dashboard/login`);
  await page.getByTestId('remote-fallback-mfe_dashboard').waitFor();

  await page.goto(`${system.urls.portal}store`);
  await page.getByTestId('mfe_store-build-label').waitFor({ state: 'attached' });
});

test('a remote rebuilt and restarted alone is picked up on reload without rebuilding the shell', async () => {
  const shellIndex = path.join(repoRoot, 'shell/dist/index.html');
  const shellBuiltAt = fs.statSync(shellIndex).mtimeMs;
  const label = `rebuilt-${Date.now()}`;

  await system.control({ type: 'stop-process', name: 'mfe-store' });
  await system.control({
    type: 'rebuild',
    workspace: 'mfe-store',
    env: { CUOTA_BUILD_LABEL: label },
  });
  await system.control({ type: 'start-process', name: 'mfe-store' });

  const page = await (await browser.newContext()).newPage();
  await page.goto(`${system.urls.portal}store`);
  const marker = page.getByTestId('mfe_store-build-label');
  await marker.waitFor({ state: 'attached' });
  expect(await marker.textContent()).toBe(label);
  expect(fs.statSync(shellIndex).mtimeMs).toBe(shellBuiltAt);
});

test('a remote built against an incompatible contracts version is refused; the rest keeps working', async () => {
  // A store deployed from a commit that needs contracts 2.x, while the page shares 1.x.
  await system.control({ type: 'stop-process', name: 'mfe-store' });
  await system.control({
    type: 'rebuild',
    workspace: 'mfe-store',
    env: { CUOTA_REQUIRE_CONTRACTS: '^2.0.0', CUOTA_BUILD_LABEL: 'needs-contracts-2' },
  });
  await system.control({ type: 'start-process', name: 'mfe-store' });
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${system.urls.portal}store`);
    const fallback = page.getByTestId('remote-fallback-mfe_store');
    await fallback.waitFor();
    expect(await fallback.innerText()).toMatch(/no está disponible/i);
    expect(await page.getByTestId('mfe_store-build-label').count()).toBe(0);

    // The dashboard, built against the page's contracts, still loads and signs in.
    await page.goto(system.urls.dashboardLogin);
    await page.getByLabel('Correo electrónico').waitFor();
  } finally {
    await system.control({ type: 'stop-process', name: 'mfe-store' });
    await system.control({ type: 'rebuild', workspace: 'mfe-store', env: {} });
    await system.control({ type: 'start-process', name: 'mfe-store' });
  }
});
