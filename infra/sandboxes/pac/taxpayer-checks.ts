import type { Cfdi } from './cfdi-reading.ts';
import type { PacState, Taxpayer } from './pac-state.ts';
import type { UnknownReceptors } from './sandbox-behaviour.ts';
import { personTypeOf, REGIMENES, USOS_CFDI } from './sat-catalogs.ts';
import { SatRejection } from './sat-rejections.ts';

const PUBLICO_EN_GENERAL = 'XAXX010101000';
const EXTRANJERO = 'XEXX010101000';
const PUBLICO_EN_GENERAL_NOMBRE = 'PUBLICO EN GENERAL';
const SIN_OBLIGACIONES_FISCALES = '616';

/** SAT compares names as registered, ignoring case and repeated spaces (accents do count). */
function sameName(a: string, b: string): boolean {
  const fold = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleUpperCase('es-MX');
  return fold(a) === fold(b);
}

/**
 * The emisor's and receptor's data against the stand-in registry of taxpayers, with SAT's
 * rejection for the first mismatch (codes in the order SAT's matrix lists them). A receptor
 * the stand-in does not know is checked as `unknownReceptors` says.
 */
export function checkTaxpayers(
  cfdi: Cfdi,
  state: PacState,
  unknownReceptors: UnknownReceptors,
): void {
  checkEmisor(cfdi, state);
  const { receptor } = cfdi;
  if (sameName(receptor.nombre, PUBLICO_EN_GENERAL_NOMBRE) && receptor.rfc !== PUBLICO_EN_GENERAL)
    throw new SatRejection('CFDI40146');
  if (receptor.rfc === PUBLICO_EN_GENERAL || receptor.rfc === EXTRANJERO)
    checkGenericReceptor(cfdi);
  else checkNamedReceptor(cfdi, state, unknownReceptors);
  checkUsoCfdi(cfdi);
}

/** A school registered in the stand-in must write its registered name (CFDI40139). */
function checkEmisor(cfdi: Cfdi, state: PacState): void {
  const registered = state.taxpayer(cfdi.emisor.rfc);
  if (registered && !sameName(registered.name, cfdi.emisor.nombre))
    throw new SatRejection('CFDI40139');
}

function checkGenericReceptor(cfdi: Cfdi): void {
  const { receptor } = cfdi;
  if (receptor.domicilioFiscal !== cfdi.lugarExpedicion)
    throw new SatRejection(
      'CFDI40149',
      `ValorEsperado: ${cfdi.lugarExpedicion} ValorReportado: ${receptor.domicilioFiscal}`,
    );
  if (receptor.regimenFiscal !== SIN_OBLIGACIONES_FISCALES)
    throw new SatRejection(
      'CFDI40159',
      `El campo Comprobante.Receptor.Rfc es XAXX010101000 o XEXX010101000 y el campo Comprobante.Receptor.RegimenFiscalReceptor es diferente a 616 ValorEsperado: 616 ValorReportado: ${receptor.regimenFiscal}`,
    );
}

/**
 * A receptor with its own RFC. One the stand-in was told about must match its registered
 * name, postal code and régimes; one it was not is, by default, a taxpayer registered with
 * exactly what the CFDI says (SAT's list holds every RFC; the stand-in only those it was
 * given), so only the rules that need no registry apply to it.
 */
function checkNamedReceptor(cfdi: Cfdi, state: PacState, unknownReceptors: UnknownReceptors): void {
  const registered = state.taxpayer(cfdi.receptor.rfc);
  if (!registered && unknownReceptors === 'not_listed') throw new SatRejection('CFDI40143');
  if (registered) checkRegisteredData(cfdi, registered, state);
  checkRegimenApplies(cfdi);
  if (registered && !registered.regimes.includes(cfdi.receptor.regimenFiscal))
    throw new SatRejection(
      'CFDI40159',
      `ValorEsperado: ${registered.regimes.join(' | ')} ValorReportado: ${cfdi.receptor.regimenFiscal}`,
    );
}

function checkRegisteredData(cfdi: Cfdi, registered: Taxpayer, state: PacState): void {
  const { receptor } = cfdi;
  if (!sameName(registered.name, receptor.nombre)) throw new SatRejection('CFDI40145');
  if (receptor.domicilioFiscal !== registered.postal_code)
    // Literally: a code found nowhere in the list (40147) versus one that is another RFC's (40148).
    throw new SatRejection(
      state.isRegisteredPostalCode(receptor.domicilioFiscal) ? 'CFDI40148' : 'CFDI40147',
    );
}

/** The régimen is in c_RegimenFiscal and applies to the RFC's person type. */
function checkRegimenApplies(cfdi: Cfdi): void {
  const { receptor } = cfdi;
  const personType = personTypeOf(receptor.rfc);
  const regimen = REGIMENES[receptor.regimenFiscal];
  if (!regimen) throw new SatRejection('CFDI40157');
  if (!regimen.includes(personType)) {
    const allowed = Object.keys(REGIMENES).filter((k) => REGIMENES[k]!.includes(personType));
    throw new SatRejection(
      'CFDI40158',
      `ValorEsperado: ${allowed.join(' | ')} ValorReportado: ${receptor.regimenFiscal}`,
    );
  }
}

function checkUsoCfdi(cfdi: Cfdi): void {
  const { receptor } = cfdi;
  const uso = USOS_CFDI[receptor.usoCfdi];
  if (!uso) throw new SatRejection('CFDI40160');
  const personType = personTypeOf(receptor.rfc);
  if (!uso.personTypes.includes(personType) || !uso.regimenes.includes(receptor.regimenFiscal))
    throw new SatRejection(
      'CFDI40161',
      `El UsoCFDI ${receptor.usoCfdi} no aplica a una persona ${personType === 'fisica' ? 'física' : 'moral'} con régimen ${receptor.regimenFiscal}.`,
    );
}
