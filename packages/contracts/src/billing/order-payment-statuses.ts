// No zod here: the dashboard's badges read these labels on its first screen (ADR 0033).

/** How much of an order is paid (spec §4). */
export const ORDER_PAYMENT_STATUSES = ['NOT_PAID', 'WAITING_PAID', 'PAID', 'PARTIAL_PAID'] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

/** In Spanish, as badges (packages/ui) and spreadsheets write them. */
export const ORDER_PAYMENT_STATUS_LABELS: Record<OrderPaymentStatus, string> = {
  NOT_PAID: 'Sin pagar',
  WAITING_PAID: 'Pago en proceso',
  PAID: 'Pagado',
  PARTIAL_PAID: 'Pago parcial',
};
