import { z } from 'zod';

/** A school registers at most this many web sites that may embed its store (ADR 0066). */
export const MAX_EMBED_ORIGINS = 20;

/** What a store embedded on a site the school never registered says (ADR 0066, 0093). */
export const UNREGISTERED_ORIGIN =
  'Este sitio no está registrado para mostrar la tienda de la escuela.';

const NOT_AN_ORIGIN =
  'Escribe el origen del sitio como https://www.tuescuela.mx (sin ruta ni parámetros).';

/**
 * A web origin as browsers send it in `Origin`: scheme, host and port only. What the school
 * types is kept in that exact form, so the comparison with a request's header is plain equality.
 */
export const embedOriginSchema = z
  .string(NOT_AN_ORIGIN)
  .trim()
  .max(200, NOT_AN_ORIGIN)
  .refine(isOrigin, NOT_AN_ORIGIN)
  .transform((value) => new URL(value).origin);

function isOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username;
  return (url.protocol === 'https:' || url.protocol === 'http:') && bare && !value.endsWith('/.');
}

export const embedOriginsSchema = z.strictObject({
  origins: z
    .array(embedOriginSchema, 'Indica los sitios.')
    .max(MAX_EMBED_ORIGINS, `Registra hasta ${MAX_EMBED_ORIGINS} sitios.`)
    .transform((origins) => [...new Set(origins)].sort()),
});
/** What is registered, as stored (bare origins, sorted). */
export const embedOriginListSchema = z.object({ origins: z.array(z.string()) });
export type EmbedOrigins = z.infer<typeof embedOriginListSchema>;
