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
