import { randomUUID } from 'node:crypto';
import { SAT_FILES } from '@cuota/sat-cfd/sat-files';
import { checkArithmetic } from './arithmetic-checks.ts';
import { parseXml, readCfdi, type Cfdi } from './cfdi-reading.ts';
import { toSatDateTime } from './mexico-time.ts';
import type { PacState, StampedCfdi } from './pac-state.ts';
import type { UnknownReceptors } from './sandbox-behaviour.ts';
import { SatRejection } from './sat-rejections.ts';
import { cadenaOriginal, schemaErrors } from './sat-tools.ts';
import { schemaRejection } from './schema-rejection.ts';
import { checkFechaWindow, checkSeal } from './seal-checks.ts';
import { checkTaxpayers } from './taxpayer-checks.ts';
import { addTimbre } from './timbre-fiscal-digital.ts';

export interface StampResult {
  stamp: StampedCfdi;
  previouslyStamped: boolean;
}

/**
 * Certifies sealed CFDI 4.0 as a PAC does: SAT's schema, the issuer's seal, SAT's arithmetic
 * and the taxpayer registry, then the TimbreFiscalDigital. A document already stamped (same
 * Sello) gets its original stamp back, never a second UUID, even when both arrive at once.
 */
export class Stamper {
  private readonly inFlight = new Map<string, Promise<StampedCfdi>>();
  private readonly state: PacState;
  private readonly now: () => Date;
  private readonly unknownReceptors: () => UnknownReceptors;

  constructor(state: PacState, now: () => Date, unknownReceptors: () => UnknownReceptors) {
    this.state = state;
    this.now = now;
    this.unknownReceptors = unknownReceptors;
  }

  async stamp(xml: string): Promise<StampResult> {
    const errors = await schemaErrors(xml);
    if (errors.length) throw schemaRejection(errors);
    const cfdi = readCfdi(parseXml(xml));
    const previous = this.state.stampBySello(cfdi.sello) ?? (await this.inFlight.get(cfdi.sello));
    if (previous) return { stamp: previous, previouslyStamped: true };
    const certifying = this.certify(xml, cfdi).finally(() => this.inFlight.delete(cfdi.sello));
    this.inFlight.set(cfdi.sello, certifying);
    return { stamp: await certifying, previouslyStamped: false };
  }

  private async certify(xml: string, cfdi: Cfdi): Promise<StampedCfdi> {
    if (cfdi.hasTimbre) throw new SatRejection('307');
    checkSeal(cfdi, await cadenaOriginal(xml, SAT_FILES.cadenaOriginal40Xslt));
    const now = this.now();
    checkFechaWindow(cfdi, now);
    checkArithmetic(cfdi);
    checkTaxpayers(cfdi, this.state, this.unknownReceptors());
    const timbre = {
      uuid: randomUUID().toUpperCase(),
      fechaTimbrado: toSatDateTime(now),
      selloCfd: cfdi.sello,
    };
    const stamped = await addTimbre(cfdi.document, timbre, this.state.identity);
    const invalid = await schemaErrors(stamped.xml);
    if (invalid.length) throw new Error(`El CFDI timbrado no valida: ${invalid.join('; ')}`);
    const stamp: StampedCfdi = {
      uuid: timbre.uuid,
      fecha_timbrado: timbre.fechaTimbrado,
      no_certificado_sat: this.state.identity.noCertificado,
      sello_cfd: cfdi.sello,
      sello_sat: stamped.selloSat,
      cadena_original_sat: stamped.cadenaOriginalSat,
      xml: stamped.xml,
      emisor_rfc: cfdi.emisor.rfc,
      emisor_nombre: cfdi.emisor.nombre,
      receptor_rfc: cfdi.receptor.rfc,
      receptor_nombre: cfdi.receptor.nombre,
      total: cfdi.total,
      tipo_de_comprobante: cfdi.tipoDeComprobante,
      related_uuids: cfdi.relatedUuids,
      status: 'vigente',
    };
    this.state.addStamp(stamp);
    return stamp;
  }
}
