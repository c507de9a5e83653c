import zlib from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { launchChromium } from '../lib/chromium.ts';
import type { System } from '../launcher/system.ts';
import { writeSection } from './benchmarks-doc.ts';
import { signInGuardian } from './guardian-session.ts';

const LOADS = Number(process.env.BENCH_FIRST_LOADS ?? 5);
const TARGET_KB = 200;
const TARGET_MS = 1000;

interface Script {
  url: string;
  /** Bytes on the wire (brotli or gzip when the server compressed it). */
  transferred: number;
  /** The JavaScript itself. */
  decoded: number;
  /** What it weighs gzipped (level 6): comparable across servers that compress or not. */
  gzipped: number;
  encoding: string;
}

interface Load {
  studentsVisibleMs: number;
  scripts: Script[];
}

async function scriptOf(response: Response): Promise<Script | undefined> {
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

const CARD = '[data-testid="dependent-card"]';
type PageGlobals = { document: { querySelector: (selector: string) => unknown } };

/** One navigation on a cold cache, until the first dependent card is on screen. */
async function coldLoad(page: Page, url: string): Promise<Load> {
  const pending: Promise<Script | undefined>[] = [];
  page.on('response', (r) => pending.push(scriptOf(r)));
  const started = Date.now();
  if (process.env.BENCH_FIRST_LOAD_WATERFALL === '1')
    page.on('requestfinished', (r) => {
      const { startTime, responseEnd } = r.timing();
      const from = Math.round(startTime - started);
      console.log(`  ${from} → ${Math.round(from + responseEnd)} ms  ${r.url()}`);
    });
  await page.goto(url, { waitUntil: 'commit' });
  const visible = await page.waitForFunction(
    // Runs in the page (the CSP forbids a string there); infra's TypeScript has no DOM types.
    (card: string) =>
      (globalThis as unknown as PageGlobals).document.querySelector(card) ? performance.now() : 0,
    CARD,
    { polling: 'raf', timeout: 30_000 },
  );
  const studentsVisibleMs = Math.round((await visible.jsonValue()) as number);
  await page.waitForLoadState('networkidle');
  const scripts = (await Promise.all(pending)).filter((s): s is Script => Boolean(s));
  return { studentsVisibleMs, scripts };
}

const kb = (bytes: number) => Math.round(bytes / 1024);
const sum = (scripts: Script[], key: 'transferred' | 'decoded' | 'gzipped') =>
  scripts.reduce((total, s) => total + s[key], 0);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The portal's signed-in home in headless Chromium on a cold cache (a new browser context
 * each time, the session cookie already set): the JavaScript it loads and the time from
 * navigation until the guardian's students are on screen.
 */
export async function firstLoadScenario(system: System): Promise<void> {
  const base = system.urls.portal;
  const cookie = await signInGuardian(system);
  const url = new URL(`/guardians/${system.demo.guardian_hash}`, base).toString();
  const cookies = cookie.split('; ').map((pair) => {
    const [name, ...value] = pair.split('=');
    return { name: name!, value: value.join('='), url: base };
  });
  const browser = await launchChromium();
  const loads: Load[] = [];
  try {
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext();
      await context.addCookies(cookies);
      loads.push(await coldLoad(await context.newPage(), url));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const last = loads.at(-1)!.scripts;
  const visible = median(loads.map((l) => l.studentsVisibleMs));
  const gzipped = kb(sum(last, 'gzipped'));
  const encodings = [...new Set(last.map((s) => s.encoding))].join(', ');
  const report = `## First load: the portal's signed-in home in Chromium, cold cache

Command: \`npm run bench\` (scenario infra/bench/first-load-scenario.ts), ${new Date().toISOString().slice(0, 10)}.
Debian's Chromium (headless, playwright-core), ${LOADS} navigations to the guardian's home, each in
a new browser context (empty cache) with the session cookie set; localhost, no throttling.

| measure | value | target |
|---|---|---|
| JavaScript files | ${last.length} | |
| JavaScript, uncompressed | ${kb(sum(last, 'decoded'))} KB | |
| JavaScript, gzipped (level 6) | **${gzipped} KB** | ≤ ${TARGET_KB} KB |
| JavaScript on the wire (${encodings}) | ${kb(sum(last, 'transferred'))} KB | |
| navigation → students visible, median | **${visible} ms** | < ${TARGET_MS} ms |
| … each load | ${loads.map((l) => l.studentsVisibleMs).join(' / ')} ms | |

${gzipped <= TARGET_KB && visible < TARGET_MS ? 'Both targets met.' : 'Not every target is met (see above).'}`;
  writeSection('first-load', report);
  console.log(report);
  const top = Number(process.env.BENCH_FIRST_LOAD_TOP ?? 12);
  for (const s of [...last].sort((a, b) => b.gzipped - a.gzipped).slice(0, top))
    console.log(`${kb(s.gzipped)} KB gz  ${kb(s.decoded)} KB  ${s.encoding}  ${s.url}`);
}
