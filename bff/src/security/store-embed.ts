import type { RequestHandler, Response } from 'express';
import { ANONYMOUS_IDENTITY } from '@cuota/contracts/identity/identity-claims';
import { UNREGISTERED_ORIGIN } from '@cuota/contracts/enrolment/embed-origins';
import { getEmbedOrigins } from '@cuota/contracts/enrolment/endpoints/schools';
import { forbidden } from '@cuota/service-runtime/http/http-error';
import type { ServiceClient } from '@cuota/service-runtime/http/service-client';

/** How long a school's registered origins are trusted before enrolment is asked again. */
export const EMBED_ORIGINS_TTL_MS = 30_000;
const MAX_SCHOOLS_KEPT = 10_000;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A school's store page (the iframe mode frames these). */
const STORE_PAGE = new RegExp(`^/store/(${UUID})(?:/|$)`, 'i');
/** The store's public calls a page on the school's site may make (the `<cuota-store>` mode). */
const STORE_API = new RegExp(
  `^/api/v1/schools/(${UUID})/(?:online-store|validate_stock|public|logo|embed-origins)/$`,
  'i',
);

/** A school's registered origins, read from enrolment and kept briefly; none when it fails. */
export function createEmbedOrigins(enrolment: ServiceClient, now = Date.now) {
  const kept = new Map<string, { at: number; origins: Promise<string[]> }>();
  return (schoolId: string): Promise<string[]> => {
    const hit = kept.get(schoolId);
    if (hit && now() - hit.at < EMBED_ORIGINS_TTL_MS) return hit.origins;
    if (kept.size >= MAX_SCHOOLS_KEPT) kept.clear();
    // Fails closed: when enrolment cannot say, only the site itself may frame the store.
    const origins = enrolment({
      endpoint: getEmbedOrigins,
      identity: ANONYMOUS_IDENTITY,
      params: { id: schoolId.toLowerCase() },
    }).then(
      (answer) => answer.origins,
      () => [],
    );
    kept.set(schoolId, { at: now(), origins });
    return origins;
  };
}
export type EmbedOrigins = ReturnType<typeof createEmbedOrigins>;

/**
 * ADR 0066. A school's store pages may be framed by its registered origins (CSP
 * `frame-ancestors`, no X-Frame-Options), and its public store calls answer CORS to them
 * only; a foreign origin gets neither, and its preflight or mutation a Spanish 403. CORS never
 * allows credentials: a call from the school's site carries no session, so CSRF still holds.
 * Mounted after helmet, whose page headers it narrows per school.
 */
export function storeEmbedding(
  originsOf: EmbedOrigins,
  siteOrigins: readonly string[],
): RequestHandler {
  return (req, res, next) => {
    const page = STORE_PAGE.exec(req.path);
    const api = page ? null : STORE_API.exec(req.path);
    const schoolId = page?.[1] ?? api?.[1];
    if (!schoolId) return next();
    originsOf(schoolId)
      .then((origins) => {
        if (page) allowFraming(res, origins);
        else if (answeredCors(req.method, req.headers.origin, res, origins, siteOrigins)) return;
        next();
      })
      .catch(next);
  };
}

function allowFraming(res: Response, origins: string[]) {
  if (!origins.length) return;
  const csp = res.getHeader('Content-Security-Policy');
  if (typeof csp !== 'string') return;
  res.setHeader(
    'Content-Security-Policy',
    csp.replace("frame-ancestors 'self'", `frame-ancestors 'self' ${origins.join(' ')}`),
  );
  res.removeHeader('X-Frame-Options');
}

/** True when the request was answered here (a preflight); throws for a refused origin. */
function answeredCors(
  method: string,
  origin: string | undefined,
  res: Response,
  origins: string[],
  siteOrigins: readonly string[],
): boolean {
  res.vary('Origin');
  if (!origin || siteOrigins.includes(origin)) return false;
  if (!origins.includes(origin)) {
    // A read without the CORS header stays unreadable to the page; anything else is refused.
    if (method === 'GET' || method === 'HEAD') return false;
    throw forbidden(UNREGISTERED_ORIGIN);
  }
  res.setHeader('Access-Control-Allow-Origin', origin);
  if (method !== 'OPTIONS') return false;
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
  res.setHeader('Access-Control-Allow-Headers', 'content-type, x-csrf-token');
  res.setHeader('Access-Control-Max-Age', '600');
  res.status(204).end();
  return true;
}
