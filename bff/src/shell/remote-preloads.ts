import type { BffConfig } from '../config/bff-config';

type Remote = keyof BffConfig['remotes'];

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name: string; assets?: { js?: { sync?: string[] } } }[];
  shared?: { assets?: { js?: { sync?: string[] } } }[];
}

/**
 * The remote's own @cuota modules and contracts every exposed page imports come in one chunk
 * named `cuota-web` (infra/webpack/create-web-config.mjs): every first screen of the remote
 * waits for it, and the runtime asks for it only once the page's own chunk has run.
 */
const EAGER_SHARED_CHUNK = /^cuota-web\.[0-9a-f]+\.js$/;

/** A page is about one remote: the shell loads it first thing (shell/src/app/router.tsx). */
export function remoteOfPage(pagePath: string): Remote | undefined {
  if (pagePath.startsWith('/guardians/')) return 'portal';
  if (pagePath === '/dashboard' || pagePath.startsWith('/dashboard/')) return 'dashboard';
  if (pagePath === '/store' || pagePath.startsWith('/store/')) return 'store';
  return undefined;
}

/** How long a remote's manifest is trusted before it is read again (a redeploy shows soon). */
const MANIFEST_TTL_MS = 10_000;

/**
 * `<link rel="preload">` tags that let the browser fetch a page's remote (manifest, entry
 * script, its App's own chunk) while the shell is still starting, instead of one after
 * another as the federation runtime discovers them. Read from the remote's own manifest; when
 * that cannot be read, only the manifest itself is hinted, and the page works as before.
 */
export function createRemotePreloads(entries: () => BffConfig['remotes'], now = Date.now) {
  // By manifest URL: a remote pointed at another version is hinted at once.
  const known = new Map<string, { at: number; tags: Promise<string> }>();
  return (remote: Remote): Promise<string> => {
    const manifestUrl = entries()[remote];
    const cached = known.get(manifestUrl);
    if (cached && now() - cached.at < MANIFEST_TTL_MS) return cached.tags;
    const tags = preloadTags(manifestUrl);
    known.set(manifestUrl, { at: now(), tags });
    return tags;
  };
}

async function preloadTags(manifestUrl: string): Promise<string> {
  const manifestTag = `<link rel="preload" href="${attr(manifestUrl)}" as="fetch" crossorigin="anonymous">`;
  let manifest: Manifest;
  try {
    const response = await fetch(manifestUrl, { signal: AbortSignal.timeout(1000) });
    if (!response.ok) return manifestTag;
    manifest = (await response.json()) as Manifest;
  } catch {
    return manifestTag;
  }
  const base = new URL('.', manifestUrl);
  const entry = manifest.metaData?.remoteEntry;
  const app = manifest.exposes?.find((e) => e.name === 'App')?.assets?.js;
  // The App's async chunks are left out: most are fallbacks of shared modules the shell
  // already has, which the runtime never asks for (preloading them measured slower).
  const eagerShared = (manifest.shared ?? [])
    .flatMap((s) => s.assets?.js?.sync ?? [])
    .filter((file) => EAGER_SHARED_CHUNK.test(file));
  const scripts = [
    entry?.name ? `${entry.path ?? ''}${entry.name}` : undefined,
    ...(app?.sync ?? []),
    ...new Set(eagerShared),
  ].filter((file): file is string => Boolean(file));
  return [
    manifestTag,
    ...scripts.map(
      (file) => `<link rel="preload" href="${attr(new URL(file, base).toString())}" as="script">`,
    ),
  ].join('');
}

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
