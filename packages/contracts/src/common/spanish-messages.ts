import { z } from 'zod';

/** Validation messages in Spanish (es-MX users) for every schema, on both ends. */
z.config(z.locales.es());

export { z };
