/**
 * The slices of SAT's CFDI 4.0 catalogs that decide who may receive which invoice: régimen
 * fiscal by person type, and the uses of CFDI each régimen admits. Shared: invoicing decides
 * with them, enrolment checks a family's fiscal data with them and the portal offers them.
 * Source: ../shared/reference/mexico.md §2.11 (phpcfdi/resources-sat-catalogs, cfdi_40_*).
 */
import type { RfcKind } from '@cuota/contracts/invoicing/rfc';

interface Regimen {
  description: string;
  fisica: boolean;
  moral: boolean;
}

/** c_RegimenFiscal: who may declare each régimen (CFDI40158 rejects a mismatch). */
export const REGIMENES_FISCALES = {
  '601': { description: 'General de Ley Personas Morales', fisica: false, moral: true },
  '603': { description: 'Personas Morales con Fines no Lucrativos', fisica: false, moral: true },
  '605': {
    description: 'Sueldos y Salarios e Ingresos Asimilados a Salarios',
    fisica: true,
    moral: false,
  },
  '606': { description: 'Arrendamiento', fisica: true, moral: false },
  '607': {
    description: 'Régimen de Enajenación o Adquisición de Bienes',
    fisica: true,
    moral: false,
  },
  '608': { description: 'Demás ingresos', fisica: true, moral: false },
  '610': {
    description: 'Residentes en el Extranjero sin Establecimiento Permanente en México',
    fisica: true,
    moral: true,
  },
  '611': {
    description: 'Ingresos por Dividendos (socios y accionistas)',
    fisica: true,
    moral: false,
  },
  '612': {
    description: 'Personas Físicas con Actividades Empresariales y Profesionales',
    fisica: true,
    moral: false,
  },
  '614': { description: 'Ingresos por intereses', fisica: true, moral: false },
  '615': {
    description: 'Régimen de los ingresos por obtención de premios',
    fisica: true,
    moral: false,
  },
  '616': { description: 'Sin obligaciones fiscales', fisica: true, moral: false },
  '620': {
    description: 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos',
    fisica: false,
    moral: true,
  },
  '621': { description: 'Incorporación Fiscal', fisica: true, moral: false },
  '622': {
    description: 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras',
    fisica: false,
    moral: true,
  },
  '623': { description: 'Opcional para Grupos de Sociedades', fisica: false, moral: true },
  '624': { description: 'Coordinados', fisica: false, moral: true },
  '625': {
    description:
      'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas',
    fisica: true,
    moral: false,
  },
  '626': { description: 'Régimen Simplificado de Confianza', fisica: true, moral: true },
} as const satisfies Record<string, Regimen>;

export type RegimenFiscal = keyof typeof REGIMENES_FISCALES;
export const REGIMEN_FISCAL_CODES = Object.keys(REGIMENES_FISCALES) as [
  RegimenFiscal,
  ...RegimenFiscal[],
];

export function isRegimenFiscal(code: string): code is RegimenFiscal {
  return Object.hasOwn(REGIMENES_FISCALES, code);
}

export function regimenAppliesTo(regimen: RegimenFiscal, kind: RfcKind): boolean {
  return REGIMENES_FISCALES[regimen][kind];
}

interface UsoCfdi {
  description: string;
  fisica: boolean;
  moral: boolean;
  regimenes: readonly RegimenFiscal[];
}

const GENERAL_USE_REGIMENES = [
  '601',
  '603',
  '606',
  '612',
  '620',
  '621',
  '622',
  '623',
  '624',
  '625',
  '626',
] as const;
const PERSONAL_DEDUCTION_REGIMENES = [
  '605',
  '606',
  '608',
  '611',
  '612',
  '614',
  '607',
  '615',
  '625',
] as const;
const ANY_REGIMEN = REGIMEN_FISCAL_CODES;

/**
 * c_UsoCFDI with the person types and receptor regímenes each use admits (CFDI40161).
 * Only the uses a school's income invoice or credit note can sensibly carry are listed.
 */
export const USOS_CFDI = {
  G01: {
    description: 'Adquisición de mercancías',
    fisica: true,
    moral: true,
    regimenes: GENERAL_USE_REGIMENES,
  },
  // A credit note's use (mexico.md §2.8): 616 admits it too, a salaried parent (605) does not.
  G02: {
    description: 'Devoluciones, descuentos o bonificaciones',
    fisica: true,
    moral: true,
    regimenes: [...GENERAL_USE_REGIMENES, '616'],
  },
  G03: {
    description: 'Gastos en general',
    fisica: true,
    moral: true,
    regimenes: GENERAL_USE_REGIMENES,
  },
  D10: {
    description: 'Pagos por servicios educativos (colegiaturas)',
    fisica: true,
    moral: false,
    regimenes: PERSONAL_DEDUCTION_REGIMENES,
  },
  S01: { description: 'Sin efectos fiscales', fisica: true, moral: true, regimenes: ANY_REGIMEN },
} as const satisfies Record<string, UsoCfdi>;

export type UsoCfdiCode = keyof typeof USOS_CFDI;

export function isUsoCfdi(code: string): code is UsoCfdiCode {
  return Object.hasOwn(USOS_CFDI, code);
}

/** Whether SAT accepts this use for a receptor of this person type and régimen. */
export function usoAllowedFor(uso: UsoCfdiCode, kind: RfcKind, regimen: RegimenFiscal): boolean {
  const entry: UsoCfdi = USOS_CFDI[uso];
  return entry[kind] && entry.regimenes.includes(regimen);
}

/**
 * The uses a family may ask for on its invoices, in the order the portal offers them;
 * invoicing keeps the one asked for only where SAT admits it (chooseUsoCfdi).
 */
export const FAMILY_CFDI_USES = ['D10', 'G03', 'S01'] as const satisfies readonly UsoCfdiCode[];
export type FamilyCfdiUse = (typeof FAMILY_CFDI_USES)[number];
