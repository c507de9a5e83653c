/**
 * Kushki answers every refusal as JSON `{ code, message }` with a Spanish message. Codes and
 * texts follow Kushki's published catalogue (K001, K004, 017, …); see README for which ones
 * the sandbox chose where Kushki's exact answer is not documented.
 */
export class KushkiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;

  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }

  toJSON(): Record<string, unknown> {
    return { code: this.code, message: this.message, ...this.extra };
  }
}

export const invalidBody = (detail?: string) =>
  new KushkiError(
    400,
    'K001',
    detail ? `Cuerpo de la petición inválido: ${detail}` : 'Cuerpo de la petición inválido.',
  );
export const unexpectedError = () =>
  new KushkiError(500, 'K002', 'Ha ocurrido un error inesperado.');
export const invalidMerchant = () =>
  new KushkiError(401, 'K004', 'ID de comercio o credencial no válido');
export const invalidCard = () => new KushkiError(400, '017', 'Tarjeta no válida');
export const unsupportedBin = () => new KushkiError(400, 'K029', 'Bin de tarjeta inválido');
export const expiredCard = () => new KushkiError(400, 'K017', 'Tarjeta expirada');
export const wrongCvv = () => new KushkiError(400, 'K323', 'Código de seguridad incorrecto.');
export const unsupportedCurrency = () =>
  new KushkiError(400, 'K055', 'Tipo de moneda no permitido');
export const zeroAmount = () =>
  new KushkiError(400, 'K039', 'La suma de los valores de la propiedad amount debe ser mayor a 0');
export const unknownToken = () => new KushkiError(400, 'K008', 'Token incorrecto.');
export const expiredToken = () => new KushkiError(400, 'K048', 'Token expirado');
export const usedToken = () => new KushkiError(400, 'K049', 'Token utilizado anteriormente');
export const amountDiffersFromToken = () =>
  new KushkiError(400, 'K220', 'El monto del cargo es diferente al monto del token.');
export const currencyDiffersFromToken = () =>
  new KushkiError(400, 'K042', 'El código de moneda es diferente al del token.');
export const refundExceedsSale = () =>
  new KushkiError(400, 'K023', 'El monto a devolver excede el monto disponible de la venta.');
export const transactionNotFound = () => new KushkiError(404, 'K067', 'Transacción no existe');
export const operationNotAllowed = (why: string) =>
  new KushkiError(400, 'K041', `Operación no permitida: ${why}`);
export const processorTimeout = () =>
  new KushkiError(504, 'K027', 'La operación cayó en timeout, por favor inténtelo de nuevo');
export const notFound = () => new KushkiError(404, 'K404', 'La ruta solicitada no existe.');
