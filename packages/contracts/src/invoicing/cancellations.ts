import { z } from 'zod';

/** SAT's c_Motivo (mexico.md §2.9): why a CFDI is cancelled. */
export const CANCELLATION_MOTIVES = ['01', '02', '03', '04'] as const;
export type CancellationMotive = (typeof CANCELLATION_MOTIVES)[number];

export const CANCELLATION_MOTIVE_LABELS: Record<CancellationMotive, string> = {
  '01': 'Comprobante emitido con errores con relación',
  '02': 'Comprobante emitido con errores sin relación',
  '03': 'No se llevó a cabo la operación',
  '04': 'Operación nominativa relacionada en una factura global',
};

/** Spec §3's invoice cancel actions. */
export const INVOICE_CANCEL_ACTIONS = ['cancel', 'emit_credit_note', 'no_action'] as const;
export type InvoiceCancelAction = (typeof INVOICE_CANCEL_ACTIONS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuidField = (name: string) =>
  z.string({ error: `Indica ${name}.` }).regex(UUID, `${name} no es un identificador válido.`);

/**
 * POST /backoffice/invoicing/cancel/ (ADR 0037): what to do with a stamped invoice. `cancel`
 * asks SAT with a motive (01 names the substitute, stamped first: `reinvoice`); `no_action`
 * leaves it standing.
 */
export const invoiceCancelRequestSchema = z
  .strictObject({
    school_id: uuidField('La escuela (school_id)'),
    invoice_id: uuidField('La factura (invoice_id)'),
    action: z.enum(INVOICE_CANCEL_ACTIONS, {
      error: 'La acción debe ser cancel, emit_credit_note o no_action.',
    }),
    motive: z
      .enum(CANCELLATION_MOTIVES, { error: 'El motivo de cancelación debe ser 01, 02, 03 o 04.' })
      .optional(),
    substitute_uuid: uuidField('El folio fiscal que la sustituye (substitute_uuid)').optional(),
    reason: z.string().trim().max(500, 'El motivo escrito admite hasta 500 caracteres.').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'cancel' && !v.motive)
      ctx.addIssue({
        code: 'custom',
        path: ['motive'],
        message: 'Indica el motivo de cancelación.',
      });
    if (v.motive === '01' && !v.substitute_uuid)
      ctx.addIssue({
        code: 'custom',
        path: ['substitute_uuid'],
        message: 'El motivo 01 necesita el folio fiscal de la factura que la sustituye.',
      });
    if (v.substitute_uuid && v.motive !== '01')
      ctx.addIssue({
        code: 'custom',
        path: ['substitute_uuid'],
        message: 'Solo el motivo 01 lleva el folio fiscal de una factura que la sustituye.',
      });
  });
export type InvoiceCancelRequest = z.infer<typeof invoiceCancelRequestSchema>;

/**
 * SAT's EsCancelable for a stamped invoice, asked before staff cancel it (ADR 0090):
 * `unknown` when SAT could not be asked or does not list the CFDI yet.
 */
export const SAT_CANCELLABILITIES = [
  'without_acceptance',
  'with_acceptance',
  'not_cancellable',
  'unknown',
] as const;
export type SatCancellability = (typeof SAT_CANCELLABILITIES)[number];

/** What staff read in the cancel dialog, in SAT's words first (mexico.md §2.9). */
export const SAT_CANCELLABILITY_MESSAGES: Record<SatCancellability, string> = {
  without_acceptance: 'Cancelable sin aceptación: el SAT la cancela en cuanto lo solicites.',
  with_acceptance:
    'Cancelable con aceptación: el SAT pedirá al receptor aceptar o rechazar; si no responde en 3 días hábiles, queda cancelada.',
  not_cancellable:
    'No cancelable: tiene notas de crédito o complementos de pago vigentes; cancélalos primero.',
  unknown:
    'No pudimos consultar al SAT si requiere la aceptación del receptor; puedes solicitar la cancelación de todos modos.',
};

export const invoiceCancellabilitySchema = z.object({
  cancellable: z.enum(SAT_CANCELLABILITIES),
  message: z.string(),
});
export type InvoiceCancellability = z.infer<typeof invoiceCancellabilitySchema>;
