/**
 * The paths of the reads the staff's Inicio starts with, written once: their endpoint
 * definitions use them, and the shell's first chunk asks for them ahead of the dashboard's code
 * without loading the definitions' schemas (ADR 0060's addendum).
 */
export const INICIO_READ_PATHS = {
  invoicingTodo: '/api/v1/dashboard/schools/{id}/invoicing_todo/',
  paymentsTodo: '/api/v1/dashboard/schools/{id}/payments_todo/',
  cycles: '/api/v1/dashboard/schools/{id}/cycles/',
  collections: '/api/v1/dashboard/schools/{id}/collections/',
  billingFigures: '/api/v1/dashboard/schools/{id}/billing_figures/',
  delinquency: '/api/v1/dashboard/schools/{id}/delinquency/',
  studentLevels: '/api/v2/dashboard/schools/{id}/students_by_level/filters/',
  inscriptions: '/api/v1/dashboard/schools/{id}/inscriptions/',
} as const;
