/**
 * What a school must give to issue CFDI: its data as emisor (checked with the engine's own
 * schema), a series, and a CSD of the same RFC that is valid now. Pure.
 */
import { publicoEnGeneralModeSchema } from '@cuota/contracts/invoicing/global-invoice';
import { z } from '@cuota/contracts/common/spanish-messages';
import { normalizeRfc, parseRfc } from '@cuota/contracts/invoicing/rfc';
import { CfdiError } from '../cfdi/cfdi-error';
import type { Csd } from '../cfdi/csd';
import { issuerSchema } from '../cfdi/invoice-input';
import { educationLevelSchema } from '@cuota/contracts/enrolment/entities';
import {
  CSD_WARNING_DAYS,
  invoiceTimingSchema,
  type CsdSummary,
} from '@cuota/contracts/invoicing/fiscal-entities';

const bytes = (message: string) =>
  z.custom<Uint8Array>((v) => v instanceof Uint8Array && v.length > 0, message);

export const fiscalEntityInputSchema = z.object({
  issuer: issuerSchema,
  /** CFDI Serie: letters and digits, so the folio reads "A-1024". */
  series: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,10}$/, 'La serie lleva de 1 a 10 letras o números.'),
  /** The levels whose students it invoices; empty: every level no other entity names. */
  levels: z.array(educationLevelSchema).default([]),
  /** Absent: `payment` for a new entity; a renewed one keeps its own. */
  invoiceTiming: invoiceTimingSchema.optional(),
  /** Absent: `per_payment` for a new entity; a renewed one keeps its own. */
  publicoEnGeneral: publicoEnGeneralModeSchema.optional(),
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

export const seriesTaken = (series: string, rfc: string) =>
  new CfdiError(
    'SERIE_EN_USO',
    `La serie ${series} ya la usa la razón social con RFC ${rfc}; elige otra para no repetir folios.`,
  );

/**
 * The additional data each sealed secret is bound to: the school, so a sealed key copied to
 * another school's row does not open (rows sealed before entities had ids keep opening).
 */
export const secretContext = (schoolId: string, field: 'csd-key' | 'csd-password') =>
  `invoicing:${schoolId}:${field}`;

const DAY_MS = 24 * 3600_000;

/** Where a CSD stands today: expired, expiring within CSD_WARNING_DAYS, or valid. */
export function csdSummaryOf(noCertificado: string, validTo: Date, now: Date): CsdSummary {
  const daysLeft = Math.floor((validTo.getTime() - now.getTime()) / DAY_MS);
  const state = now > validTo ? 'expired' : daysLeft <= CSD_WARNING_DAYS ? 'expiring' : 'valid';
  return {
    no_certificado: noCertificado,
    valid_to: validTo.toISOString(),
    state,
    days_left: daysLeft,
  };
}
