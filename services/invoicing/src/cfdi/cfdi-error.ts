/**
 * Why an invoice cannot be built or sealed, in words staff can act on (es-MX). `code` is
 * for programs (an HTTP layer maps it to a 4xx, a consumer decides whether to retry).
 */
export type CfdiErrorCode =
  | 'DATOS_INVALIDOS'
  | 'CURP_ALUMNO_INVALIDA'
  | 'PAGO_POSTERIOR_A_LA_FACTURA'
  | 'CSD_CERTIFICADO_INVALIDO'
  | 'CSD_LLAVE_INVALIDA'
  | 'CSD_NO_CORRESPONDE'
  | 'CSD_ES_FIEL'
  | 'CSD_NO_VIGENTE'
  | 'CSD_RFC_DISTINTO'
  | 'SERIE_EN_USO'
  | 'CFDI_XML_INVALIDO'
  | 'ALUMNO_DESCONOCIDO';

export class CfdiError extends Error {
  override readonly name = 'CfdiError';
  readonly code: CfdiErrorCode;

  constructor(code: CfdiErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
