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
  const value = signedCookieValue(header, name);
  return value === undefined ? undefined : unsignedWithAny(value, secrets, unsign);
}

/** Signed cookie values whose signature was checked, kept (the sessions a BFF serves at once). */
export const VERIFIED_KEPT = 5_000;

/**
 * `signedSessionId` for one cookie name and its secrets, checking each signed value's HMAC once:
 * a signed-in caller sends the same cookie on every call, and its HMAC was a fifth of the BFF's
 * session read under load (docs/benchmarks.md, investigations, h16cpu). Only values that
 * verified are kept (a forged one is checked every time and never fills the map), and keeping
 * one changes nothing a check would say: the secrets are fixed for the process's life, and
 * whether the session still exists is still read from Redis on every call. `check` is
 * cookie-signature's `unsign`, given in tests to count the HMACs.
 */
export function verifiedSessionIds(
  name: string,
  secrets: readonly string[],
  check: typeof unsign = unsign,
): (header: string | undefined) => string | undefined {
  const verified = new Map<string, string>();
  return (header) => {
    const value = signedCookieValue(header, name);
    if (value === undefined) return undefined;
    const kept = verified.get(value);
    if (kept !== undefined) return kept;
    const sid = unsignedWithAny(value, secrets, check);
    if (sid === undefined) return undefined;
    verified.set(value, sid);
    if (verified.size > VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
    return sid;
  };
}

/** The cookie's `s:`-prefixed value, URI-decoded, or undefined when it has none. */
function signedCookieValue(header: string | undefined, name: string): string | undefined {
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
  return value.startsWith('s:') ? value : undefined;
}

function unsignedWithAny(
  value: string,
  secrets: readonly string[],
  check: typeof unsign,
): string | undefined {
  for (const secret of secrets) {
    const sid = check(value.slice(2), secret);
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
