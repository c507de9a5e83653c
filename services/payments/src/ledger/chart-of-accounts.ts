import type { AccountRef } from './ledger-rules';

/**
 * Each school's accounts (ADR 0016). Receivable holds billed base amounts not yet paid;
 * late fees are revenue when paid, never receivable; a student's overpayment is a liability
 * to that student (`credit:<student>`) that must not go below zero.
 */
export const SCHOOL_ACCOUNTS = {
  receivable: { name: 'Colegiaturas y cuotas por cobrar', kind: 'asset' },
  revenue: { name: 'Ingresos por colegiaturas y cuotas', kind: 'revenue' },
  late_fee_revenue: { name: 'Ingresos por recargos', kind: 'revenue' },
  /** What the school's store sold (ADR 0074): never receivable, paid at checkout. */
  store_revenue: { name: 'Ventas de la tienda', kind: 'revenue' },
  gateway_clearing: { name: 'Pasarela de pago por liquidar', kind: 'asset' },
  cash_desk: { name: 'Caja (efectivo)', kind: 'asset' },
  bank: { name: 'Bancos (transferencias)', kind: 'asset' },
  /** What the gateway keeps of card money when it pays it out (ADR 0043). */
  gateway_fees: { name: 'Comisiones de la pasarela de pago', kind: 'expense' },
} as const;
export type SchoolAccount = keyof typeof SCHOOL_ACCOUNTS;

export function schoolAccount(schoolId: string, account: SchoolAccount): AccountRef {
  return { code: `school:${schoolId}:${account}`, schoolId, ...SCHOOL_ACCOUNTS[account] };
}

export function creditAccount(schoolId: string, studentId: string): AccountRef {
  return {
    code: `school:${schoolId}:credit:${studentId}`,
    name: `Saldo a favor del alumno ${studentId}`,
    kind: 'liability',
    schoolId,
    mustNotGoNegative: true,
  };
}

/**
 * What a family owes the school for a card refund whose credit it had already spent on other
 * orders (ADR 0036): the money left at the gateway, the orders the credit paid stay paid.
 */
export function owedAccount(schoolId: string, studentId: string): AccountRef {
  return {
    code: `school:${schoolId}:owed:${studentId}`,
    name: `Reembolso por recuperar del alumno ${studentId}`,
    kind: 'asset',
    schoolId,
  };
}
