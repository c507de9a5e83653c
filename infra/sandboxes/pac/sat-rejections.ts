/**
 * The rejections the sandbox answers while stamping, with SAT's code and text. The CFDI40xxx
 * texts are those of SAT's "Matriz de errores CFDI 4.0" as PACs return them (shared
 * reference mexico.md §2.12 and PAC clients' recorded answers); the three-digit codes are
 * Anexo 20's validations every PAC performs (301 XML mal formado, 303, 305, 307, 401).
 */
export const SAT_MESSAGES = {
  '301': 'XML mal formado.',
  '303': 'Sello no corresponde a emisor.',
  '305': 'La fecha de emisión no está dentro de la vigencia del CSD del Emisor.',
  // SW's wording, recorded by its SDKs (published/sw-stamp-previous.json).
  '307': 'El comprobante contiene un timbre previo.',
  '401': 'Fecha y hora de generación fuera de rango.',
  CFDI40101: 'El campo Fecha no cumple con el patrón requerido.',
  CFDI40102:
    'El resultado de la digestión debe ser igual al resultado de la desencripción del sello.',
  CFDI40104: 'El campo FormaPago no contiene un valor del catálogo c_FormaPago.',
  CFDI40106: 'El certificado no cumple con alguno de los valores permitidos.',
  CFDI40107:
    'El valor de este campo SubTotal excede la cantidad de decimales que soporta la moneda.',
  CFDI40108:
    'El TipoDeComprobante es I,E o N, el importe registrado en el campo no es igual al redondeo de la suma de los importes de los conceptos registrados.',
  CFDI40110: 'El valor registrado en el campo Descuento no es menor o igual que el campo Subtotal.',
  CFDI40112: 'El valor del campo Descuento excede la cantidad de decimales que soporta la moneda.',
  CFDI40119:
    'El campo Total no corresponde con la suma del subtotal, menos los descuentos aplicables, más las contribuciones recibidas (impuestos trasladados - federales o locales, derechos, productos, aprovechamientos, aportaciones de seguridad social, contribuciones de mejoras) menos los impuestos retenidos y/o locales.',
  CFDI40121: 'El campo TipoDeComprobante, no contiene un valor del catálogo c_TipoDeComprobante.',
  CFDI40123: 'El campo Exportacion no contiene un valor del catálogo c_Exportacion.',
  CFDI40124: 'El campo MetodoPago, no contiene un valor del catálogo c_MetodoPago.',
  CFDI40139:
    'El campo Nombre del emisor, debe pertenecer al nombre asociado al RFC registrado en el campo Rfc del Emisor.',
  CFDI40140: 'El campo RegimenFiscal, no contiene un valor del catálogo c_RegimenFiscal.',
  CFDI40143: 'Este RFC del receptor no existe en la lista de RFC inscritos no cancelados del SAT.',
  CFDI40145:
    'El campo Nombre del receptor, debe pertenecer al nombre asociado al RFC registrado en el campo Rfc del Receptor.',
  CFDI40146: 'El campo RFC del receptor debe contener el valor "XAXX010101000".',
  CFDI40147:
    'El campo DomicilioFiscalReceptor del receptor, debe encontrarse en la lista de RFC inscritos no cancelados en el SAT.',
  CFDI40148:
    'El campo DomicilioFiscalReceptor del receptor, debe pertenecer al nombre asociado al RFC registrado en el campo Rfc del Receptor.',
  CFDI40149: 'El campo DomicilioFiscalReceptor, no es igual al valor del campo LugarExpedicion.',
  CFDI40157: 'El campo RegimenFiscalR, no contiene un valor del catálogo c_RegimenFiscal.',
  CFDI40158:
    'La clave del campo RegimenFiscalR debe corresponder con el tipo de persona (física o moral).',
  CFDI40159: 'La clave del campo RegimenFiscalR no corresponde de acuerdo al RFC del receptor.',
  CFDI40160: 'El campo UsoCFDI, no contiene un valor del catálogo c_UsoCFDI.',
  CFDI40161:
    'La clave del campo UsoCFDI debe corresponder con el tipo de persona (física o moral) y el régimen correspondiente.',
  CFDI40167:
    'El valor del campo Importe no se encuentra entre el limite inferior y superior permitido.',
  CFDI40177:
    'Si el valor registrado es Exento no se deben registrar los atributos TasaOCuota ni Importe.',
  CFDI40180:
    'El valor del campo Importe que corresponde a Traslado no se encuentra entre el limite inferior y superior permitido.',
  CFDI40186:
    'El valor del campo Importe que corresponde a Retención no se encuentra entre el limite inferior y superior permitido.',
  CFDI40203:
    'El valor del campo TotalImpuestosRetenidos debe ser igual a la suma de los importes registrados en el elemento hijo Retencion.',
  CFDI40205:
    'El valor del campo TotalImpuestosTrasladados no es igual a la suma de los importes registrados en el elemento hijo Traslado.',
  CFDI40211:
    'El valor del campo Importe correspondiente a Retención no es igual a la suma de los importes de los impuestos retenidos registrados en los conceptos donde el impuesto sea igual al campo impuesto de este elemento.',
  CFDI40215:
    'El valor del campo Base correspondiente a Traslado no es igual a la suma de las bases de los impuestos trasladados registrados en los conceptos donde el impuesto, el TipoFactor y la TasaOCuota sean iguales a los de este elemento.',
  CFDI40221:
    'El valor del campo Importe correspondiente a Traslado no es igual a la suma de los importes de los impuestos trasladados registrados en los conceptos donde el impuesto sea igual al campo impuesto de este elemento y la TasaOCuota sea igual al campo TasaOCuota de este elemento.',
} as const;

export type SatCode = keyof typeof SAT_MESSAGES;

/** A CFDI the PAC refuses to stamp: answered in SW's error envelope with SAT's code and text. */
export class SatRejection extends Error {
  readonly code: SatCode;
  readonly detail: string | undefined;

  constructor(code: SatCode, detail?: string) {
    super(SAT_MESSAGES[code]);
    this.code = code;
    this.detail = detail;
  }
}
