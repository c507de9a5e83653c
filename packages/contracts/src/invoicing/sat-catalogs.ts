import { z } from 'zod';
import { conceptTypeSchema } from '@cuota/contracts/billing/concepts';

/** `?search=`: part of a key or of its description (accents and case do not matter). */
export const satCatalogQuerySchema = z.object({
  search: z.string().trim().max(80, 'La búsqueda es demasiado larga.').optional(),
});

/**
 * A c_ClaveProdServ key Cuota puts on a school's CFDI, what it invoices with it, and the
 * concept types that carry it (ADR 0037 "catalogues").
 */
export const productKeySchema = z.object({
  key: z.string(),
  description: z.string(),
  concept_types: z.array(conceptTypeSchema),
});
export const productKeyListSchema = z.object({ results: z.array(productKeySchema) });

/** A c_ClaveUnidad key Cuota writes, with the Unidad text it prints beside it. */
export const taxUnitSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
});
export const taxUnitListSchema = z.object({ results: z.array(taxUnitSchema) });
