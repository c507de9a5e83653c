import { formatPesos } from '@cuota/documents/money-format';
import { HttpError, conflict } from '@cuota/service-runtime/http/http-error';

/** The desk's refusals (ADR 0036), in Spanish with the amounts the cashier needs. */
export const overLimitRefusal = (limitCentavos: number) =>
  new HttpError(
    422,
    'DESK_LIMIT_EXCEEDED',
    `El monto supera el límite de ${formatPesos(limitCentavos)} por pago en caja de la escuela. Revisa la cantidad.`,
  );

export const excessNotConfirmed = (amount: number, owed: number, excess: number) =>
  new HttpError(
    409,
    'EXCESS_NOT_CONFIRMED',
    `El monto (${formatPesos(amount)}) es mayor que lo que la familia debe de los cargos elegidos (${formatPesos(owed)}). Confirma para dejar ${formatPesos(excess)} como saldo a favor.`,
  );

export const notOpenRefusal = () =>
  conflict('Alguno de los cargos elegidos ya no está pendiente o no es de esta familia.');
