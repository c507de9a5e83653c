import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { pointRemote, readVersions } from '@cuota/infra/build/remote-versions.ts';
import { launchBrowser } from '../support/browser';
import { repoRoot, startSystemUnderTest, type SystemUnderTest } from '../support/system-under-test';

// A remote team deploys alone (ADR 0078): its build is published as a version of its own and
// the BFF's versions file says which one pages load. Nothing else is rebuilt or restarted.
let system: SystemUnderTest;
let browser: Browser;
let servedBefore: ReturnType<typeof readVersions>;
const shellIndex = path.join(repoRoot, 'shell/dist/index.html');

beforeAll(async () => {
  system = await startSystemUnderTest();
  browser = await launchBrowser();
  servedBefore = readVersions();
});
afterAll(async () => {
  // Whatever happened, the store serves what it served before this file.
  if (servedBefore?.store) pointRemote('store', servedBefore.store);
  await browser?.close();
  await system?.shutdown();
});

/** A store build published (and pointed at) by the store's own build, nothing else. */
async function publishStore(env: Record<string, string>): Promise<string> {
  await system.control({ type: 'rebuild', workspace: 'mfe-store', env });
  return readVersions().store!;
}

async function storeLabel(page: Page): Promise<string | null> {
  await page.goto(`${system.urls.portal}store`);
  const marker = page.getByTestId('mfe_store-build-label');
  await marker.waitFor({ state: 'attached' });
  return marker.textContent();
}

test('a store version is deployed, rolled back and deployed again by pointing at it', async () => {
  const shellBuiltAt = fs.statSync(shellIndex).mtimeMs;
  const original = servedBefore.store!;
  const originalLabel = await storeLabel(await (await browser.newContext()).newPage());

  const label = `version-${Date.now()}`;
  const deployed = await publishStore({ CUOTA_BUILD_LABEL: label });
  expect(deployed).not.toBe(original);
  const page = await (await browser.newContext()).newPage();
  expect(await storeLabel(page)).toBe(label);

  pointRemote('store', original); // the rollback: one change, no build
  expect(await storeLabel(page)).toBe(originalLabel);

  pointRemote('store', deployed);
  expect(await storeLabel(page)).toBe(label);

  // Neither the shell nor the other remotes moved.
  expect(fs.statSync(shellIndex).mtimeMs).toBe(shellBuiltAt);
  expect({ ...readVersions(), store: undefined }).toEqual({ ...servedBefore, store: undefined });
});

test('a store built against React 20 is refused with its fallback; rolling back restores it', async () => {
  // What a store built on a new React major declares; the page shares React 19.
  await publishStore({ CUOTA_REQUIRE_REACT: '^20.0.0', CUOTA_BUILD_LABEL: 'needs-react-20' });
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${system.urls.portal}store`);
  const fallback = page.getByTestId('remote-fallback-mfe_store');
  await fallback.waitFor();
  expect(await fallback.innerText()).toMatch(/no está disponible/i);
  expect(await page.getByTestId('mfe_store-build-label').count()).toBe(0);

  // The dashboard, built against the page's React, still loads on the same page.
  await page.goto(system.urls.dashboardLogin);
  await page.getByLabel('Correo electrónico').waitFor();

  pointRemote('store', servedBefore.store!);
  expect(await storeLabel(page)).not.toBe('needs-react-20');
});
