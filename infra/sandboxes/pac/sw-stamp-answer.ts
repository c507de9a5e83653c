import { XMLSerializer } from '@xmldom/xmldom';
import QRCode from 'qrcode';
import { SAT_FILES } from '@cuota/sat-cfd/sat-files';
import { parseXml, TFD_NS } from './cfdi-reading.ts';
import type { StampedCfdi } from './pac-state.ts';
import { cadenaOriginal } from './sat-tools.ts';

/** Response version v4 of SW's stamp (published/sw-stamp-v4.json): every datum of the stamp. */
export interface SwStampV4 {
  cfdi: string;
  cadenaOriginalSAT: string;
  noCertificadoSAT: string;
  noCertificadoCFDI: string;
  uuid: string;
  selloSAT: string;
  selloCFDI: string;
  fechaTimbrado: string;
  /** The representación impresa's QR (SAT's verification URL) as a base64 PNG. */
  qrCode: string;
}

const VERIFICATION_URL = 'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx';

export async function swStampV4(stamp: StampedCfdi): Promise<SwStampV4> {
  const verification = `${VERIFICATION_URL}?id=${stamp.uuid}&re=${stamp.emisor_rfc}&rr=${stamp.receptor_rfc}&tt=${stamp.total}&fe=${stamp.sello_cfd.slice(-8)}`;
  const png = await QRCode.toDataURL(verification, { errorCorrectionLevel: 'M' });
  const seal = await timbreSeal(stamp);
  return {
    cfdi: stamp.xml,
    cadenaOriginalSAT: seal.cadena,
    noCertificadoSAT: stamp.no_certificado_sat,
    noCertificadoCFDI: /\sNoCertificado="([^"]*)"/.exec(stamp.xml)?.[1] ?? '',
    uuid: stamp.uuid,
    selloSAT: seal.sello,
    selloCFDI: stamp.sello_cfd,
    fechaTimbrado: stamp.fecha_timbrado,
    qrCode: png.slice(png.indexOf(',') + 1),
  };
}

/** Kept since stamping; read back from the XML for stamps of older state files. */
async function timbreSeal(stamp: StampedCfdi): Promise<{ cadena: string; sello: string }> {
  if (stamp.cadena_original_sat && stamp.sello_sat)
    return { cadena: stamp.cadena_original_sat, sello: stamp.sello_sat };
  const timbre = parseXml(stamp.xml).getElementsByTagNameNS(TFD_NS, 'TimbreFiscalDigital')[0]!;
  const cadena = await cadenaOriginal(
    new XMLSerializer().serializeToString(timbre),
    SAT_FILES.cadenaOriginalTfd11Xslt,
  );
  return { cadena, sello: timbre.getAttribute('SelloSAT') ?? '' };
}
