/**
 * The IEDU concept complement (iedu:instEducativas 1.0, SAT iedu.xsd) that lets parents
 * deduct a colegiatura. Facts: mexico.md §2.5, §2.6.
 */
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import { isInvoiceableRfc, normalizeRfc } from '@cuota/contracts/invoicing/rfc';
import { cfdiText } from './cfdi-text.ts';
import { CfdiError } from './cfdi-error.ts';
import type { InstEducativas } from './comprobante.ts';
import type { InvoiceStudent } from './invoice-input.ts';

/** nivelEducativo as SAT's enumeration spells it; SAT has no value for universities. */
export const IEDU_LEVELS: Record<EducationLevel, InstEducativas['nivelEducativo'] | null> = {
  'pre-school': 'Preescolar',
  elementary: 'Primaria',
  middle: 'Secundaria',
  'middle-high': 'Bachillerato o su equivalente',
  high: null,
};

/** iedu:tCURP without the literal commas SAT's pattern has in its character classes. */
const IEDU_CURP =
  /^[A-Z][AEIOUX][A-Z]{2}\d{2}[01]\d[0-3]\d[MHX][A-Z]{2}[BCDFGHJKLMNÑPQRSTVWXYZ]{3}[0-9A-Z]\d$/u;

export interface IeduContext {
  student: InvoiceStudent;
  autRVOE: string;
  /** Whoever paid, when known (rfcPago is set if it is not the billing guardian). */
  payerRfc: string | undefined;
}

export function instEducativasFor({
  student,
  autRVOE,
  payerRfc,
}: IeduContext): InstEducativas | undefined {
  const nivelEducativo = IEDU_LEVELS[student.level];
  if (!nivelEducativo) return undefined;
  const nombreAlumno = cfdiText(student.fullName, 300);
  if (!nombreAlumno) throw new CfdiError('DATOS_INVALIDOS', 'Falta el nombre del alumno.');
  const curp = student.curp ?? '';
  if (!IEDU_CURP.test(curp)) {
    throw new CfdiError(
      'CURP_ALUMNO_INVALIDA',
      `La CURP de ${nombreAlumno} ${curp ? `(${curp}) no es válida` : 'no está registrada'}; el complemento de colegiaturas (IEDU) la requiere.`,
    );
  }
  const rvoe = cfdiText(autRVOE, 300);
  if (!rvoe) throw new CfdiError('DATOS_INVALIDOS', 'La clave de RVOE del nivel está vacía.');
  const rfcPago = rfcPagoFor(payerRfc, student.billingGuardianRfc);
  return {
    version: '1.0',
    nombreAlumno,
    CURP: curp,
    nivelEducativo,
    autRVOE: rvoe,
    ...(rfcPago ? { rfcPago } : {}),
  };
}

/**
 * rfcPago: "RFC de quien realiza el pago cuando sea diferente a quien recibe el servicio".
 * The billing guardian is who the school bills for the student; anyone else with an RFC
 * who pays is named, so that the payer can support the deduction.
 */
export function rfcPagoFor(
  payerRfc: string | undefined,
  billingGuardianRfc: string | undefined,
): string | undefined {
  if (!payerRfc || !billingGuardianRfc || !isInvoiceableRfc(payerRfc)) return undefined;
  const payer = normalizeRfc(payerRfc);
  return payer === normalizeRfc(billingGuardianRfc) ? undefined : payer;
}
