import { ORDER_PAYMENT_STATUS_LABELS as ORDER } from '@cuota/contracts/billing/order-payment-statuses';
import type { Tone } from '@cuota/ui/theme';

export interface StatusLook {
  /** Spanish, as staff and families read it. */
  label: string;
  tone: Tone;
}

/**
 * The specification's statuses (§4) as badges show them. Keys are the values the services
 * send; a money screen picks the table by what it shows.
 */
export const STATUS_LOOKS = {
  /** An order (a charge to a family) and how much of it is paid. */
  orderPayment: {
    NOT_PAID: { label: ORDER.NOT_PAID, tone: 'warning' },
    WAITING_PAID: { label: ORDER.WAITING_PAID, tone: 'info' },
    PAID: { label: ORDER.PAID, tone: 'success' },
    PARTIAL_PAID: { label: ORDER.PARTIAL_PAID, tone: 'warning' },
  },
  /** A request to the gateway or the PAC: a card payment, an invoice, its cancellation. */
  request: {
    pending: { label: 'Pendiente', tone: 'info' },
    failed: { label: 'Falló', tone: 'error' },
    success: { label: 'Exitoso', tone: 'success' },
    canceled: { label: 'Cancelado', tone: 'neutral' },
    canceling: { label: 'Cancelando', tone: 'warning' },
    not_requested: { label: 'No solicitado', tone: 'neutral' },
    multiple: { label: 'Varios', tone: 'info' },
  },
  /**
   * A CFDI (docs/adr/0037): `failed` reads «Rechazada por el SAT» or «No se pudo timbrar» by
   * who refused it (InvoiceStatus), `canceling` waits for SAT or the receptor.
   */
  invoice: {
    pending: { label: 'Pendiente', tone: 'info' },
    success: { label: 'Timbrada', tone: 'success' },
    failed: { label: 'Rechazada por el SAT', tone: 'error' },
    canceling: { label: 'En cancelación', tone: 'warning' },
    canceled: { label: 'Cancelada', tone: 'neutral' },
    not_requested: { label: 'Sin factura', tone: 'neutral' },
    multiple: { label: 'Varias facturas', tone: 'info' },
  },
  /**
   * A charge against its due date: PENDING has not come due yet, DUE is payable now,
   * OUTSTANDING is past due and unpaid (what delinquency reports count).
   */
  due: {
    PENDING: { label: 'Por vencer', tone: 'info' },
    DUE: { label: 'Por pagar', tone: 'warning' },
    OUTSTANDING: { label: 'Vencido', tone: 'error' },
    PAID: { label: 'Pagado', tone: 'success' },
  },
  /** A background job (an import, a massive assignment); a PENDING one may be running. */
  job: {
    PENDING: { label: 'En proceso', tone: 'info' },
    FINISHED: { label: 'Terminada', tone: 'success' },
    ERROR: { label: 'Falló', tone: 'error' },
    FINISHED_WITH_ERROR: { label: 'Terminada con errores', tone: 'warning' },
  },
  /** A massive assignment, disassignment or scholarship (spec §4 bulk-operation status). */
  bulk: {
    PENDING: { label: 'En espera', tone: 'info' },
    STARTED: { label: 'En proceso', tone: 'info' },
    RETRYING: { label: 'Reintentando', tone: 'info' },
    FINISHED: { label: 'Finalizado', tone: 'success' },
    SUCCESS: { label: 'Terminado', tone: 'success' },
    PARTIAL_SUCCESS: { label: 'Terminado con errores', tone: 'warning' },
    FAILED: { label: 'Falló', tone: 'error' },
    CANCELED: { label: 'Cancelado', tone: 'neutral' },
    FAILED_AND_CANCELED: { label: 'Cancelado con errores', tone: 'warning' },
    FAILED_ON_DELETION: { label: 'Falló al borrar', tone: 'error' },
  },
} as const satisfies Record<string, Record<string, StatusLook>>;

export type StatusKind = keyof typeof STATUS_LOOKS;
export type StatusOf<K extends StatusKind> = keyof (typeof STATUS_LOOKS)[K] & string;
