import { conflict, forbidden, type HttpError } from '@cuota/service-runtime/http/http-error';
import type { VoidRefusal } from './void-rules';

/** Corrections' refusals, in Spanish (ADR 0036). */
export const VOID_REFUSALS: Record<VoidRefusal, () => HttpError> = {
  card: () =>
    conflict('Un pago con tarjeta no se anula en caja: se reembolsa a la tarjeta desde Pagos.'),
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
