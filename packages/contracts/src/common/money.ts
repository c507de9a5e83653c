import { z } from 'zod';

/**
 * Money is integer centavos (MXN) end to end. A single amount above ten million pesos is
 * refused as a typo rather than stored.
 */
export const MAX_CENTAVOS = 1_000_000_000;

export const centavosSchema = z
  .number('Escribe una cantidad en centavos.')
  .int('La cantidad debe ser un número entero de centavos (sin decimales).')
  .min(0, 'La cantidad no puede ser negativa.')
  .max(MAX_CENTAVOS, 'La cantidad es demasiado grande.');

/** An amount that must be more than zero (a price, a payment). */
export const positiveCentavosSchema = centavosSchema.min(1, 'La cantidad debe ser mayor que cero.');

/** A calendar date `AAAA-MM-DD` (Mexico City dates; no time, no zone). */
export const calendarDateSchema = z.iso.date('Escribe una fecha válida (AAAA-MM-DD).');
