/**
 * «Público en general»: how a fiscal entity invoices payments of families without valid
 * fiscal data — one CFDI per payment (`per_payment`, what Cuota always did) or one global
 * CFDI per period (SAT's c_Periodicidad: diaria 01 … bimestral 05). ADR 0037.
 */
import { z } from 'zod';

export const GLOBAL_PERIODICITIES = [
  'daily',
  'weekly',
  'biweekly',
  'monthly',
  'bimonthly',
] as const;
export const globalPeriodicitySchema = z.enum(GLOBAL_PERIODICITIES);
export type GlobalPeriodicity = z.infer<typeof globalPeriodicitySchema>;

export const PUBLICO_EN_GENERAL_MODES = ['per_payment', ...GLOBAL_PERIODICITIES] as const;
export const publicoEnGeneralModeSchema = z.enum(
  PUBLICO_EN_GENERAL_MODES,
  'Elige cómo facturar a público en general: una factura por pago o una global diaria, semanal, quincenal, mensual o bimestral.',
);
export type PublicoEnGeneralMode = z.infer<typeof publicoEnGeneralModeSchema>;

/** What each choice means for the families, under its label on «Datos fiscales». */
export const PUBLICO_EN_GENERAL_EXPLANATION: Record<'per_payment' | 'global', string> = {
  per_payment:
    'Cada pago de una familia sin datos fiscales válidos se timbra en su propia factura a ' +
    'público en general.',
  global:
    'Los pagos de familias sin datos fiscales válidos esperan al cierre del periodo y se ' +
    'timbran juntos en una factura global. Una familia que pide su factura antes del cierre ' +
    'la recibe a su nombre y su pago sale de la global.',
};

/** The words on «Datos fiscales». */
export const PUBLICO_EN_GENERAL_MODE_LABELS: Record<PublicoEnGeneralMode, string> = {
  per_payment: 'Una factura por pago',
  daily: 'Una factura global diaria',
  weekly: 'Una factura global semanal',
  biweekly: 'Una factura global quincenal',
  monthly: 'Una factura global mensual',
  bimonthly: 'Una factura global bimestral',
};
