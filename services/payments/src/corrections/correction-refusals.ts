import { formatPesos } from '@cuota/documents/money-format';
import { conflict, forbidden, HttpError } from '@cuota/service-runtime/http/http-error';
import type { VoidRefusal } from './void-rules';

/** Corrections' refusals, in Spanish (ADR 0036). */
export const VOID_REFUSALS: Record<VoidRefusal, () => HttpError> = {
  card: () =>
    conflict('Un pago con tarjeta no se anula en caja: se reembolsa a la tarjeta desde Pagos.'),
  gateway: () =>
    conflict(
      'Un pago por transferencia SPEI o en efectivo en tienda llegó por la pasarela: no se anula en caja.',
    ),
  not_paid: () => conflict('Solo se anulan pagos ya registrados.'),
  not_own_day: () =>
    forbidden(
      'Solo puedes anular tus propios cobros del día; pide a tesorería o dirección que lo anule.',
    ),
};

export const creditAlreadySpent = () =>
  conflict(
    'El saldo a favor que dejó este pago ya se aplicó a otros cargos, así que no puede anularse completo. Revisa esos cargos con tesorería.',
  );

/** A card refund would reach credit the family already spent: it must be confirmed. */
export const creditSpentNotConfirmed = (owed: number) =>
  new HttpError(
    409,
    'CREDIT_SPENT_NOT_CONFIRMED',
    `${formatPesos(owed)} del saldo a favor que dejó este pago ya pagaron otros cargos de la familia. Si reembolsas, la familia quedará debiendo ${formatPesos(owed)} a la escuela. Confirma para reembolsar de todos modos.`,
  );
