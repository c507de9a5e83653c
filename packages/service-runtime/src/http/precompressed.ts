// Node built-ins only: the remotes' static server (infra, plain type-stripped Node) imports
// this file by path, as the BFF imports it by package.
import fs from 'node:fs';
import path from 'node:path';

/** What the build compresses beside each file (infra/webpack/precompress-plugin.mjs). */
export const PRECOMPRESSED_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.json', '.svg', '.map'];

const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json; charset=utf-8',
};

export interface Precompressed {
  /** The URL path of the compressed file: the asked one plus `.br` or `.gz`. */
  urlPath: string;
  encoding: 'br' | 'gzip';
  contentType: string;
}

/**
 * The build's brotli or gzip copy of a static file the client accepts, if there is one: the
 * server then sends those bytes with Content-Encoding instead of compressing on every request.
 * Whether a copy exists is remembered per path (builds replace the folder and restart).
 */
export function createPrecompressedLookup(root: string) {
  const exists = new Map<string, boolean>();
  const present = (file: string) => {
    let known = exists.get(file);
    if (known === undefined) exists.set(file, (known = fs.existsSync(file)));
    return known;
  };
  return (urlPath: string, acceptEncoding: string | undefined): Precompressed | undefined => {
    const extension = path.posix.extname(urlPath);
    if (!acceptEncoding || !PRECOMPRESSED_EXTENSIONS.includes(extension)) return undefined;
    const file = fileUnder(root, urlPath);
    if (!file) return undefined;
    for (const { encoding, suffix } of ENCODINGS)
      if (accepts(acceptEncoding, encoding) && present(file + suffix))
        return { urlPath: urlPath + suffix, encoding, contentType: TYPES[extension]! };
    return undefined;
  };
}

/** The file a URL path names inside `root`; undefined for a bad encoding or a way out. */
function fileUnder(root: string, urlPath: string): string | undefined {
  try {
    const file = path.join(root, path.posix.normalize(decodeURIComponent(urlPath)));
    return file.startsWith(root + path.sep) ? file : undefined;
  } catch {
    return undefined;
  }
}

/** `br` in `Accept-Encoding: gzip, deflate, br;q=1` (a zero q-value refuses it). */
function accepts(header: string, encoding: string): boolean {
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name!.trim().toLowerCase() !== encoding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}
