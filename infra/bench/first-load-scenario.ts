import os from 'node:os';
import zlib from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import { launchChromium } from '../lib/chromium.ts';
import type { System } from '../launcher/system.ts';
import { writeSection } from './benchmarks-doc.ts';
import { billAheadForFamily, undoBillRuns } from './family-open-orders.ts';
import { signInGuardian } from './guardian-session.ts';
import { signInStaff } from './staff-session.ts';

export const LOADS = Number(process.env.BENCH_FIRST_LOADS ?? 5);
export const TARGET_MS = 1000;
/** Issue 20: the portal's Pagos measured with this many open orders. */
const PAGOS_OPEN_ORDERS = 40;

export interface Script {
  url: string;
  /** Bytes on the wire (brotli or gzip when the server compressed it). */
  transferred: number;
  /** The JavaScript itself. */
  decoded: number;
  /** What it weighs gzipped (level 6): comparable across servers that compress or not. */
  gzipped: number;
  encoding: string;
}

/** A signed-in first screen: where it is, who is signed in, and what shows it is ready. */
interface FirstScreen {
  name: string;
  path: string;
  cookie: string;
  /** The page's h1 says this once the page (not a spinner) is on screen; any h1 if unset. */
  heading?: string;
  /** Present once the page's own data is on screen. */
  content: string;
  targetKb: number;
}

interface Load {
  headingMs: number;
  contentMs: number;
  scripts: Script[];
}

export async function scriptOf(response: Response): Promise<Script | undefined> {
  if (response.request().resourceType() !== 'script' || !response.ok()) return undefined;
  const encoding = response.headers()['content-encoding'] ?? 'none';
  try {
    const body = await response.body();
    const sizes = await response.request().sizes();
    return {
      url: response.url(),
      transferred: sizes.responseBodySize,
      decoded: body.length,
      gzipped: zlib.gzipSync(body, { level: 6 }).length,
      encoding,
    };
  } catch {
    // A response still arriving when its page closed: not part of the first screen.
    return undefined;
  }
}

// Infra's TypeScript has no DOM types; this runs in the page (the CSP forbids a string there).
type PageElement = { textContent: string | null };
type PageGlobals = { document: { querySelectorAll: (selector: string) => PageElement[] } };
interface Sought {
  selector: string;
  /** The element's whole text, when any element matching `selector` will not do. */
  text?: string;
}

/** performance.now() once an element `sought` describes is in the page, polled every frame. */
async function shownAt(page: Page, sought: Sought): Promise<number> {
  const handle = await page.waitForFunction(
    ({ selector, text }: Sought) =>
      [...(globalThis as unknown as PageGlobals).document.querySelectorAll(selector)].some(
        (element) => text === undefined || element.textContent === text,
      )
        ? performance.now()
        : 0,
    sought,
    { polling: 'raf', timeout: 30_000 },
  );
  return Math.round((await handle.jsonValue()) as number);
}

/** One navigation on a cold cache, until the screen's heading and then its data show. */
async function coldLoad(page: Page, url: string, screen: FirstScreen): Promise<Load> {
  // Bodies are read and gzipped once the screen is shown: done during the load, that work
  // took CPU from the page on a two-core machine and was counted in its times.
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  const started = Date.now();
  if (process.env.BENCH_FIRST_LOAD_WATERFALL === '1')
    page.on('requestfinished', (r) => {
      const { startTime, responseEnd } = r.timing();
      const from = Math.round(startTime - started);
      console.log(`  ${from} → ${Math.round(from + responseEnd)} ms  ${r.url()}`);
    });
  await page.goto(url, { waitUntil: 'commit' });
  const [headingMs, contentMs] = await Promise.all([
    shownAt(page, { selector: 'h1', text: screen.heading }),
    shownAt(page, { selector: screen.content }),
  ]);
  await page.waitForLoadState('networkidle');
  const scripts = (await Promise.all(responses.map(scriptOf))).filter((s): s is Script =>
    Boolean(s),
  );
  return { headingMs, contentMs, scripts };
}

export const kb = (bytes: number) => Math.round(bytes / 1024);
export const sum = (scripts: Script[], key: 'transferred' | 'decoded' | 'gzipped') =>
  scripts.reduce((total, s) => total + s[key], 0);
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Each load in a new browser context (empty cache) with the session cookie set. */
async function measure(browser: Browser, base: string, screen: FirstScreen): Promise<Load[]> {
  const cookies = screen.cookie.split('; ').map((pair) => {
    const [name, ...value] = pair.split('=');
    return { name: name!, value: value.join('='), url: base };
  });
  const loads: Load[] = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext();
    await context.addCookies(cookies);
    const page = await context.newPage();
    loads.push(await coldLoad(page, new URL(screen.path, base).toString(), screen));
    await context.close();
  }
  return loads;
}

interface Measured {
  screen: FirstScreen;
  loads: Load[];
}

const summary = ({ screen, loads }: Measured) => {
  const last = loads.at(-1)!.scripts;
  return {
    files: last.length,
    decoded: kb(sum(last, 'decoded')),
    gzipped: kb(sum(last, 'gzipped')),
    transferred: kb(sum(last, 'transferred')),
    encodings: [...new Set(last.map((s) => s.encoding))].join(', '),
    heading: median(loads.map((l) => l.headingMs)),
    content: median(loads.map((l) => l.contentMs)),
    each: loads.map((l) => l.contentMs).join(' / '),
    targetKb: screen.targetKb,
  };
};

function report(measured: Measured[], load: string, openOrders: number): string {
  const rows = measured.map((m) => ({ name: m.screen.name, ...summary(m) }));
  const unmet = rows
    .filter((r) => r.gzipped > r.targetKb || r.content >= TARGET_MS)
    .map((r) => r.name);
  const row = (label: string, cell: (r: (typeof rows)[number]) => string) =>
    `| ${label} | ${rows.map(cell).join(' | ')} |`;
  return `## First load: signed-in first screens in Chromium, cold cache

Command: \`npm run bench\` (scenario infra/bench/first-load-scenario.ts), ${new Date().toISOString().slice(0, 10)}.
Debian's Chromium (headless, playwright-core), ${LOADS} navigations to each screen, each in a new
browser context (empty cache) with the session cookie set; localhost, no throttling. The
guardian's home and Pagos (portal) and, signed in as the general director, the dashboard's
Inicio and Adeudos. The family holds ${openOrders} open orders (the school billed months ahead
through the bill-run endpoint until it held ${PAGOS_OPEN_ORDERS}). Heading: the page's h1; content:
the students (portal home), the open orders with the pay bar (Pagos), the daily collections chart, its last card (Inicio), the table of students who owe
(Adeudos). Bytes are those of the last load. Load average
(1 min) at the start and the end of the measurements: ${load}.

| measure | ${rows.map((r) => r.name).join(' | ')} |
|---|${rows.map(() => '---|').join('')}
${row('JavaScript files', (r) => String(r.files))}
${row('JavaScript, uncompressed', (r) => `${r.decoded} KB`)}
${row('JavaScript, gzipped (level 6)', (r) => `**${r.gzipped} KB**`)}
${row('… target', (r) => `≤ ${r.targetKb} KB`)}
${row('JavaScript on the wire', (r) => `${r.transferred} KB (${r.encodings})`)}
${row('navigation → heading, median', (r) => `${r.heading} ms`)}
${row('navigation → content, median', (r) => `**${r.content} ms**`)}
${row('… target', () => `< ${TARGET_MS} ms`)}
${row('… content, each load', (r) => `${r.each} ms`)}

${unmet.length === 0 ? 'Every target met.' : `Targets not met: ${unmet.join(', ')}.`}`;
}

/**
 * The signed-in first screens in headless Chromium on a cold cache: the JavaScript each loads
 * and the time from navigation until its heading and its data are on screen.
 */
export async function firstLoadScenario(system: System): Promise<void> {
  const base = system.urls.portal;
  const director = system.demo.staff.find((s) => s.role === 'GENERAL_DIRECTOR')!;
  const staff = await signInStaff(base, director.email, system.demo.staff_password);
  // One code per family every 30 s: both portal screens use this session.
  const family = await signInGuardian(system);
  const billed = await billAheadForFamily(
    base,
    { staff, family },
    system.demo.school_id,
    PAGOS_OPEN_ORDERS,
  );
  const screens: FirstScreen[] = [
    {
      name: 'portal home',
      path: `/guardians/${system.demo.guardian_hash}`,
      cookie: family,
      content: '[data-testid="dependent-card"]',
      targetKb: 200,
    },
    {
      // Issue 20: the family's open orders (≥ 40, billed ahead) with their boxes and pay bar.
      name: 'portal Pagos',
      path: `/guardians/${system.demo.guardian_hash}/payments`,
      cookie: family,
      heading: 'Pagos',
      content: '[role="region"][aria-label="Tu pago"]',
      targetKb: 250,
    },
    {
      name: 'dashboard Inicio',
      path: '/dashboard',
      cookie: staff,
      heading: 'Inicio',
      // The last card drawn: it needs the figures' chunk and two months' collections. The
      // school's name came before any card and let the bytes be counted before the cards' code.
      content: '[data-testid="daily-chart"]',
      targetKb: 250,
    },
    {
      name: 'dashboard Adeudos',
      path: '/dashboard/due',
      cookie: staff,
      heading: 'Adeudos',
      content: 'table',
      targetKb: 250,
    },
  ];
  const loadAverage = () => os.loadavg()[0]!.toFixed(2);
  const startLoad = loadAverage();
  const browser = await launchChromium();
  const measured: Measured[] = [];
  try {
    for (const screen of screens)
      measured.push({ screen, loads: await measure(browser, base, screen) });
  } finally {
    await browser.close();
    await undoBillRuns(base, staff, billed.runs);
  }
  const markdown = report(measured, `${startLoad} → ${loadAverage()}`, billed.openOrders);
  writeSection('first-load', markdown);
  console.log(markdown);
  const top = Number(process.env.BENCH_FIRST_LOAD_TOP ?? 12);
  for (const { screen, loads } of measured) {
    console.log(`\n${screen.name}:`);
    for (const s of [...loads.at(-1)!.scripts].sort((a, b) => b.gzipped - a.gzipped).slice(0, top))
      console.log(`${kb(s.gzipped)} KB gz  ${kb(s.decoded)} KB  ${s.encoding}  ${s.url}`);
  }
}
