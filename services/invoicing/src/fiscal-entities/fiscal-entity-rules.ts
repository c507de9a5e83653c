/**
 * What a school must give to issue CFDI: its data as emisor (checked with the engine's own
 * schema), a series, and a CSD of the same RFC that is valid now. Pure.
 */
import { z } from '@cuota/contracts/common/spanish-messages';
import { normalizeRfc, parseRfc } from '@cuota/contracts/invoicing/rfc';
import { CfdiError } from '../cfdi/cfdi-error';
import type { Csd } from '../cfdi/csd';
import { issuerSchema } from '../cfdi/invoice-input';

const bytes = (message: string) =>
  z.custom<Uint8Array>((v) => v instanceof Uint8Array && v.length > 0, message);

export const fiscalEntityInputSchema = z.object({
  issuer: issuerSchema,
  /** CFDI Serie: letters and digits, so the folio reads "A-1024". */
  series: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,10}$/, 'La serie lleva de 1 a 10 letras o números.'),
  csd: z.object({
    cer: bytes('Falta el certificado (.cer) del CSD.'),
    key: bytes('Falta la llave privada (.key) del CSD.'),
    password: z.string().min(1, 'Escribe la contraseña de la llave privada del CSD.'),
  }),
});
export type FiscalEntityInput = z.input<typeof fiscalEntityInputSchema>;
export type ParsedFiscalEntityInput = z.output<typeof fiscalEntityInputSchema>;

/** Refuses an RFC SAT would not accept as emisor and a CSD that cannot seal its invoices. */
export function assertUsableCsd(rfc: string, csd: Csd, now: Date): void {
  const parsed = parseRfc(rfc);
  if (!parsed || parsed.generic)
    throw new CfdiError('DATOS_INVALIDOS', `El RFC de la escuela (${rfc}) no es válido.`);
  if (csd.rfc !== normalizeRfc(rfc))
    throw new CfdiError(
      'CSD_RFC_DISTINTO',
      `El CSD es del RFC ${csd.rfc}, pero los datos fiscales son del RFC ${normalizeRfc(rfc)}.`,
    );
  if (now > csd.validTo)
    throw new CfdiError(
      'CSD_NO_VIGENTE',
      `El CSD ${csd.noCertificado} venció el ${csd.validTo.toISOString().slice(0, 10)}.`,
    );
}

/** The additional data each sealed secret is bound to. */
export const secretContext = (schoolId: string, field: 'csd-key' | 'csd-password') =>
  `invoicing:${schoolId}:${field}`;
