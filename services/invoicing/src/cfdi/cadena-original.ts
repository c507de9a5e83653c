/**
 * The cadena original the Sello signs, computed from the Comprobante exactly as SAT's
 * cadenaoriginal_4_0.xslt (with iedu.xslt) computes it from the XML: "||", then each
 * required value and each present optional value after a "|", in the stylesheet's order,
 * whitespace-normalised, then "||". Tests compare it byte for byte with xsltproc.
 */
import { normalizeSpace } from './cfdi-text.ts';
import type {
  Comprobante,
  Concepto,
  InstEducativas,
  Pagos,
  TimbreFiscalDigital,
  Traslado,
} from './comprobante.ts';

type Values = (string | undefined)[];

/** Requerido writes the value; Opcional only when the attribute exists (undefined: absent). */
function cadena(values: Values): string {
  const present = values.filter((v): v is string => v !== undefined).map(normalizeSpace);
  return `||${present.join('|')}||`;
}

export function cadenaOriginal(c: Comprobante): string {
  return cadena([
    c.Version,
    c.Serie,
    c.Folio,
    c.Fecha,
    c.FormaPago,
    // Requerido in the stylesheet: an unsealed Comprobante has no certificate yet.
    c.NoCertificado ?? '',
    c.SubTotal,
    c.Moneda,
    c.Total,
    c.TipoDeComprobante,
    c.Exportacion,
    c.MetodoPago,
    c.LugarExpedicion,
    ...(c.InformacionGlobal
      ? [c.InformacionGlobal.Periodicidad, c.InformacionGlobal.Meses, c.InformacionGlobal.Año]
      : []),
    ...(c.CfdiRelacionados ?? []).flatMap((r) => [r.TipoRelacion, ...r.UUIDs]),
    c.Emisor.Rfc,
    c.Emisor.Nombre,
    c.Emisor.RegimenFiscal,
    c.Receptor.Rfc,
    c.Receptor.Nombre,
    c.Receptor.DomicilioFiscalReceptor,
    c.Receptor.RegimenFiscalReceptor,
    c.Receptor.UsoCFDI,
    ...c.Conceptos.flatMap(conceptoValues),
    ...(c.Impuestos
      ? [...c.Impuestos.Traslados.flatMap(trasladoValues), c.Impuestos.TotalImpuestosTrasladados]
      : []),
    ...(c.Pagos ? pagosValues(c.Pagos) : []),
  ]);
}

/** Pagos20.xslt: Version, Totales, then per Pago its values, documents and ImpuestosP. */
function pagosValues(p: Pagos): Values {
  const t = p.Totales;
  return [
    p.Version,
    t.TotalTrasladosBaseIVA16,
    t.TotalTrasladosImpuestoIVA16,
    t.TotalTrasladosBaseIVAExento,
    t.MontoTotalPagos,
    ...p.Pago.flatMap((pago) => [
      pago.FechaPago,
      pago.FormaDePagoP,
      pago.MonedaP,
      pago.TipoCambioP,
      pago.Monto,
      ...pago.DoctoRelacionado.flatMap((d) => [
        d.IdDocumento,
        d.Serie,
        d.Folio,
        d.MonedaDR,
        d.EquivalenciaDR,
        d.NumParcialidad,
        d.ImpSaldoAnt,
        d.ImpPagado,
        d.ImpSaldoInsoluto,
        d.ObjetoImpDR,
        ...(d.TrasladosDR ?? []).flatMap((x) => [
          x.BaseDR,
          x.ImpuestoDR,
          x.TipoFactorDR,
          x.TasaOCuotaDR,
          x.ImporteDR,
        ]),
      ]),
      ...(pago.TrasladosP ?? []).flatMap((x) => [
        x.BaseP,
        x.ImpuestoP,
        x.TipoFactorP,
        x.TasaOCuotaP,
        x.ImporteP,
      ]),
    ]),
  ];
}

function conceptoValues(c: Concepto): Values {
  return [
    c.ClaveProdServ,
    c.NoIdentificacion,
    c.Cantidad,
    c.ClaveUnidad,
    c.Unidad,
    c.Descripcion,
    c.ValorUnitario,
    c.Importe,
    c.ObjetoImp,
    ...(c.Traslados ?? []).flatMap(trasladoValues),
    ...(c.instEducativas ? ieduValues(c.instEducativas) : []),
  ];
}

function trasladoValues(t: Traslado): Values {
  return [t.Base, t.Impuesto, t.TipoFactor, t.TasaOCuota, t.Importe];
}

function ieduValues(i: InstEducativas): Values {
  return [i.version, i.nombreAlumno, i.CURP, i.nivelEducativo, i.autRVOE, i.rfcPago];
}

/**
 * The cadena original del complemento de certificación digital del SAT, printed on the
 * representación impresa (cadenaoriginal_TFD_1_1.xslt).
 */
export function cadenaOriginalTimbre(t: TimbreFiscalDigital): string {
  return cadena([
    t.Version,
    t.UUID,
    t.FechaTimbrado,
    t.RfcProvCertif,
    t.Leyenda,
    t.SelloCFD,
    t.NoCertificadoSAT,
  ]);
}
