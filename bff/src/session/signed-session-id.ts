import { unsign } from 'cookie-signature';

/**
 * The session id of a cookie signed with one of `secrets`, as express-session reads it (the
 * first cookie of that name, its value URI-decoded, `s:` then the signed id); undefined for
 * anything else, which express-session is then left to read.
 */
export function signedSessionId(
  header: string | undefined,
  name: string,
  secrets: readonly string[],
): string | undefined {
  const at = header ? cookieValueAt(header, name) : -1;
  if (at < 0) return undefined;
  const end = header!.indexOf(';', at);
  let raw = header!.slice(at, end < 0 ? undefined : end).trim();
  if (raw.length > 1 && raw.startsWith('"') && raw.endsWith('"')) raw = raw.slice(1, -1);
  let value: string;
  try {
    value = raw.includes('%') ? decodeURIComponent(raw) : raw;
  } catch {
    return undefined;
  }
  if (!value.startsWith('s:')) return undefined;
  for (const secret of secrets) {
    const sid = unsign(value.slice(2), secret);
    if (sid !== false) return sid;
  }
  return undefined;
}

/** Where the first `name=` cookie's value starts in a Cookie header, or -1. */
function cookieValueAt(header: string, name: string): number {
  for (let start = 0; start < header.length;) {
    const eq = header.indexOf('=', start);
    if (eq < 0) return -1;
    const end = header.indexOf(';', start);
    if (end >= 0 && end < eq) {
      start = end + 1; // a pair without '=' is skipped, as the cookie package does
      continue;
    }
    if (header.slice(start, eq).trim() === name) return eq + 1;
    if (end < 0) return -1;
    start = end + 1;
  }
  return -1;
}
