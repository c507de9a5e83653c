import os from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../lib/chromium.ts';
import { ELEMENT_ONLY_PATH } from '../sandboxes/school-site/school-site.ts';
import type { System } from '../launcher/system.ts';
import { writeSection } from './benchmarks-doc.ts';
import { kb, LOADS, median, scriptOf, sum, TARGET_MS, type Script } from './first-load-scenario.ts';

/** Issue 21: the embed's first paint on a foreign page. */
const TARGET_KB = 150;
/** A product on screen: its add-to-cart button (inside `<cuota-store>`'s shadow root there). */
const PRODUCT = 'button[aria-label^="Agregar al carrito"]';

interface Screen {
  name: string;
  url: string;
}

interface Load {
  productMs: number;
  scripts: Script[];
}

// Infra's TypeScript has no DOM types; this runs in the page (Cuota's CSP forbids a string).
type Root = { querySelector: (selector: string) => unknown };
type PageGlobals = {
  document: Root & { querySelectorAll: (s: string) => { shadowRoot: Root | null }[] };
};

/** performance.now() once a product shows, in the page or in a `<cuota-store>`'s shadow root. */
async function productShownAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    (selector: string) => {
      const { document } = globalThis as unknown as PageGlobals;
      const shadows = [...document.querySelectorAll('cuota-store')].map((e) => e.shadowRoot);
      return [document, ...shadows].some((root) => root?.querySelector(selector))
        ? performance.now()
        : 0;
    },
    PRODUCT,
    { polling: 'raf', timeout: 30_000 },
  );
  return Math.round((await handle.jsonValue()) as number);
}

/** Each load in a new browser context: empty cache, no session (a visitor of the school's site). */
async function measure(browser: Browser, screen: Screen): Promise<Load[]> {
  const loads: Load[] = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pending: Promise<Script | undefined>[] = [];
    page.on('response', (r) => pending.push(scriptOf(r)));
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('requestfailed', (r) => errors.push(`${r.url()}: ${r.failure()?.errorText}`));
    await page.goto(screen.url, { waitUntil: 'commit' });
    const productMs = await productShownAt(page).catch((error: unknown) => {
      throw new Error(`${screen.name}: no product on screen (${errors.join('; ')})`, {
        cause: error,
      });
    });
    await page.waitForLoadState('networkidle');
    const scripts = (await Promise.all(pending)).filter((s): s is Script => Boolean(s));
    loads.push({ productMs, scripts });
    await context.close();
  }
  return loads;
}

function report(measured: { screen: Screen; loads: Load[] }[], load: string): string {
  const rows = measured.map(({ screen, loads }) => {
    const last = loads.at(-1)!.scripts;
    return {
      name: screen.name,
      files: last.length,
      decoded: kb(sum(last, 'decoded')),
      gzipped: kb(sum(last, 'gzipped')),
      product: median(loads.map((l) => l.productMs)),
      each: loads.map((l) => l.productMs).join(' / '),
    };
  });
  const [embed, store] = rows as [(typeof rows)[number], (typeof rows)[number]];
  const met = embed.gzipped <= TARGET_KB && embed.product < TARGET_MS;
  const row = (label: string, cell: (r: (typeof rows)[number]) => string) =>
    `| ${label} | ${rows.map(cell).join(' | ')} |`;
  return `## Embed first load: \`<cuota-store>\` on a school's page, cold cache

Command: \`npm run bench\` (scenario infra/bench/embed-first-load-scenario.ts), ${new Date().toISOString().slice(0, 10)}.
Debian's Chromium (headless, playwright-core), ${LOADS} navigations each in a new browser context
(empty cache, no session); localhost, no throttling. The element: a page on the demo school's
registered site origin holding only the script tag and \`<cuota-store>\` (ADR 0093), which loads
the store's embed build through the federation runtime (ADR 0102: same sources, shares nothing).
Baseline, same run: the store's own page on Cuota (shell + the store remote). Product: the first
«Agregar al carrito» button on screen. Bytes are those of the last load. Load average (1 min) at the start and the end: ${load}.

| measure | ${rows.map((r) => r.name).join(' | ')} |
|---|${rows.map(() => '---|').join('')}
${row('JavaScript files', (r) => String(r.files))}
${row('JavaScript, uncompressed', (r) => `${r.decoded} KB`)}
${row('JavaScript, gzipped (level 6)', (r) => `**${r.gzipped} KB**`)}
${row('navigation → product, median', (r) => `**${r.product} ms**`)}
${row('… product, each load', (r) => r.each + ' ms')}

The element against the store's page: ${(embed.gzipped / store.gzipped).toFixed(2)}× the bytes,
${(embed.product / store.product).toFixed(2)}× the time. Target for the element: ≤ ${TARGET_KB} KB gz,
< ${TARGET_MS} ms: ${met ? 'met' : 'not met'}.`;
}

/**
 * `<cuota-store>`'s first paint on a school's page against the store's own page, measured the
 * way first-load measures the signed-in screens.
 */
export async function embedFirstLoadScenario(system: System): Promise<void> {
  const school = system.demo.school_id;
  const screens: Screen[] = [
    {
      name: '<cuota-store> on the school site',
      url: new URL(ELEMENT_ONLY_PATH, system.urls.schoolSite).href,
    },
    { name: 'store page (baseline)', url: new URL(`/store/${school}`, system.urls.portal).href },
  ];
  const loadAverage = () => os.loadavg()[0]!.toFixed(2);
  const startLoad = loadAverage();
  const browser = await launchChromium();
  const measured = [];
  try {
    for (const screen of screens) measured.push({ screen, loads: await measure(browser, screen) });
  } finally {
    await browser.close();
  }
  const markdown = report(measured, `${startLoad} → ${loadAverage()}`);
  writeSection('embed-first-load', markdown);
  console.log(markdown);
  for (const { screen, loads } of measured) {
    console.log(`\n${screen.name}:`);
    for (const s of [...loads.at(-1)!.scripts].sort((a, b) => b.gzipped - a.gzipped))
      console.log(`${kb(s.gzipped)} KB gz  ${kb(s.decoded)} KB  ${s.encoding}  ${s.url}`);
  }
}
