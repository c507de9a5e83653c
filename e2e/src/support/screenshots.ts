import fs from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { repoRoot } from './system-under-test';

/** `CUOTA_UPDATE_SCREENSHOTS=1 npm run test:e2e` records the baselines anew. */
export const RECORDING = process.env.CUOTA_UPDATE_SCREENSHOTS === '1';

const BASELINES = path.join(repoRoot, 'e2e/screenshots');
/** Where a failed comparison leaves the new screenshot and the diff (not committed). */
const FAILURES = path.join(repoRoot, '.cuota/e2e/screenshots');

/** Per pixel, how different two colours may be (pixelmatch's 0–1 scale). */
const PIXEL_THRESHOLD = 0.1;
/** Share of pixels that may differ (font antialiasing); a layout change moves far more. */
const MAX_DIFFERENT_SHARE = 0.002;

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Every screenshot shows this moment, whatever the day the journeys run. */
export const FIXED_NOW = new Date('2026-09-01T16:00:00Z');

/**
 * A browser context that renders the same way every time: a fixed clock, no motion, the
 * phone or desktop size, Mexico City's time zone and es-MX.
 */
export async function stillPage(
  browser: Browser,
  viewport: ViewportName,
  storageState?: BrowserContextOptions['storageState'],
): Promise<Page> {
  const context = await browser.newContext({
    storageState,
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
  });
  const page = await context.newPage();
  await page.clock.setFixedTime(FIXED_NOW);
  return page;
}

/** Waits until the network is quiet and the fonts are in; clears hover and focus. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Browser-side code as text: this package is typed for Node, not the DOM.
  await page.evaluate('document.fonts.ready.then(() => true)');
  // Focus rings and hover states belong to what was clicked, not to the page.
  await page.mouse.move(0, 0);
  await page.evaluate('document.activeElement && document.activeElement.blur()');
}

/**
 * Compares the page with its committed baseline `e2e/screenshots/<name>.png`, pixel by
 * pixel with a small tolerance; records it instead when RECORDING. `mask` covers what the
 * server computes from its own clock (the browser's is fixed): its boxes are still compared.
 */
export async function expectScreenshot(
  page: Page,
  name: string,
  mask: Locator[] = [],
): Promise<void> {
  await settle(page);
  const shot = await page.screenshot({ animations: 'disabled', caret: 'hide', mask });
  const baseline = path.join(BASELINES, `${name}.png`);
  if (RECORDING) {
    fs.mkdirSync(BASELINES, { recursive: true });
    fs.writeFileSync(baseline, shot);
    return;
  }
  if (!fs.existsSync(baseline))
    throw new Error(`No baseline ${baseline}: record it with CUOTA_UPDATE_SCREENSHOTS=1`);
  const expected = PNG.sync.read(fs.readFileSync(baseline));
  const actual = PNG.sync.read(shot);
  const { width, height } = expected;
  const failed = (reason: string, diff?: PNG) => {
    fs.mkdirSync(FAILURES, { recursive: true });
    fs.writeFileSync(path.join(FAILURES, `${name}.actual.png`), shot);
    if (diff) fs.writeFileSync(path.join(FAILURES, `${name}.diff.png`), PNG.sync.write(diff));
    return new Error(`${name}: ${reason}; see ${FAILURES}`);
  };
  if (actual.width !== width || actual.height !== height)
    throw failed(`size ${actual.width}×${actual.height}, baseline ${width}×${height}`);
  const diff = new PNG({ width, height });
  const different = pixelmatch(expected.data, actual.data, diff.data, width, height, {
    threshold: PIXEL_THRESHOLD,
  });
  const share = different / (width * height);
  if (share > MAX_DIFFERENT_SHARE)
    throw failed(`${different} pixels differ (${(share * 100).toFixed(2)} %)`, diff);
}
