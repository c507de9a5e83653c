import type { Request } from 'express';

/**
 * Auth.js's callbackUrl, kept on this site: a relative path, or an absolute URL on the portal
 * host (PUBLIC_URL) or on the very origin the browser is talking to (a developer on
 * 127.0.0.1 instead of localhost). Anything else (another host, `//evil`, `javascript:`) is
 * refused. Returns the absolute URL, or undefined when it is not acceptable.
 */
export function sameOriginUrl(value: string, allowedOrigins: string[]): string | undefined {
  const origins = allowedOrigins.map((o) => new URL(o).origin);
  if (/^\/[/\\]/.test(value) || hasControlCharacters(value)) return undefined;
  let resolved: URL;
  try {
    resolved = new URL(value, `${origins[0]}/`);
  } catch {
    return undefined;
  }
  return origins.includes(resolved.origin) ? resolved.toString() : undefined;
}

/** PUBLIC_URL first (relative paths resolve against it), then this request's own origin. */
export function siteOrigins(req: Request, publicUrl: string): string[] {
  const host = req.get('host');
  return host ? [publicUrl, `${req.protocol}://${host}`] : [publicUrl];
}

/**
 * The request's callbackUrl (the body's, or `raw`) made absolute and checked; `fallback`
 * (a path of ours) when none was sent; undefined when the one sent is off-site.
 */
export function callbackUrlOf(
  req: Request,
  publicUrl: string,
  fallback: string,
  raw: unknown = (req.body as Record<string, unknown> | undefined)?.callbackUrl,
): string | undefined {
  if (typeof raw === 'string' && raw !== '') return sameOriginUrl(raw, siteOrigins(req, publicUrl));
  return sameOriginUrl(fallback, [publicUrl]);
}

function hasControlCharacters(value: string): boolean {
  return [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}
