import { z } from 'zod';
import { anyone } from '@cuota/contracts/access/access';
import { defineEndpoint } from '@cuota/contracts/http/endpoint';

/** A short link's code: 8 URL-safe characters (48 random bits). */
const shortCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{8}$/, 'Esa liga no es válida.');

export const UNKNOWN_SHORT_LINK = 'No encontramos esa liga.';
export const EXPIRED_SHORT_LINK =
  'Esta liga ya venció: entra a tu portal desde tu correo o pide a tu escuela que te la envíe de nuevo.';

export const shortUrlQuerySchema = z.strictObject({ code: shortCodeSchema });

export const shortUrlSchema = z.object({
  code: z.string(),
  /** The portal page it leads to (path and query, campaign parameters included). */
  url: z.string(),
  expires_at: z.string(),
  /** Times it was followed, this one included. */
  clicks: z.number().int().positive(),
});
export type ShortUrl = z.infer<typeof shortUrlSchema>;

/**
 * The spec's short URLs (ADR 0084): what a short link in a WhatsApp or SMS message leads to,
 * counted as a click. Anyone: the family follows it before signing in (the code is 48 random
 * bits, and it leads only to a page that asks to sign in).
 */
export const shortUrl = defineEndpoint({
  name: 'notifications.short-url.get',
  method: 'GET',
  path: '/api/v1/guardians/short_urls/',
  domain: 'notifications',
  surface: 'portal',
  access: anyone(),
  spec: 'spec',
  summary: 'A dónde lleva una liga corta (cuenta la visita)',
  query: shortUrlQuerySchema,
  response: shortUrlSchema,
  notFound: UNKNOWN_SHORT_LINK,
});

/** The path a message carries: short enough for an SMS, answered by a redirect. */
export const SHORT_LINK_PATH = '/l/{code}';

/** The short link itself: 302 to its portal page, the campaign parameters kept. */
export const followShortLink = defineEndpoint({
  name: 'notifications.short-link.follow',
  method: 'GET',
  path: SHORT_LINK_PATH,
  domain: 'notifications',
  surface: 'portal',
  access: anyone(),
  spec: { capability: 'Issue 22: ligas cortas en los WhatsApp y SMS a las familias.' },
  summary: 'Seguir una liga corta',
  params: z.object({ code: shortCodeSchema }),
  status: 302,
  produces: 'none',
  notFound: UNKNOWN_SHORT_LINK,
});

export const SHORT_LINK_ENDPOINTS = [shortUrl, followShortLink] as const;
