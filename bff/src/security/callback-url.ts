import type { Request } from 'express';

/**
 * Auth.js's callbackUrl, kept on this site: a relative path, or an absolute URL on one of
 * the configured origins (the portal host, and e.g. 127.0.0.1 beside localhost for a
 * developer). Anything else (another host, `//evil`, `javascript:`) is refused. Returns the
 * absolute URL, or undefined when it is not acceptable.
 */
export function sameOriginUrl(
  value: string,
  allowedOrigins: readonly string[],
): string | undefined {
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

/**
 * The request's callbackUrl (the body's, or `raw`) made absolute and checked against the
 * configured origins (PUBLIC_URL first, then ALLOWED_ORIGINS; never the request's Host
 * header, which the client writes); `fallback` (a path of ours) when none was sent;
 * undefined when the one sent is off-site.
 */
export function callbackUrlOf(
  req: Request,
  siteOrigins: readonly string[],
  fallback: string,
  raw: unknown = (req.body as Record<string, unknown> | undefined)?.callbackUrl,
): string | undefined {
  if (typeof raw === 'string' && raw !== '') return sameOriginUrl(raw, siteOrigins);
  return sameOriginUrl(fallback, siteOrigins);
}

function hasControlCharacters(value: string): boolean {
  return [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}
