/**
 * How each concept type of the spec is invoiced: SAT product and unit keys and IVA.
 * Decisions and their sources: docs/adr/0101-cfdi-engine.md. The ClaveProdServ texts could
 * not be checked against the full c_ClaveProdServ (mexico.md §2.7, §7): this table is the
 * one place a school's accountant would change them.
 */
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import type { ConceptType } from '@cuota/contracts/billing/concepts';

/**
 * Teaching (LIVA art. 15-IV) is exempt when the school holds RVOE for the level; goods and
 * other services are taxed at 16 %; a donation is not an act IVA reaches (ObjetoImp 01).
 * `tasa0`: books sold in the store (LIVA art. 2-A), set per line (ADR 0083).
 */
export type IvaTreatment = 'teaching' | 'tasa16' | 'tasa0' | 'no-objeto';

export interface ConceptFiscalProfile {
  /** Key when the line has no student (or the type does not depend on the level). */
  claveProdServ: string;
  /** Teaching-like types name the school of the student's level. */
  byLevel: boolean;
  claveUnidad: 'E48' | 'H87';
  unidad: string;
  iva: IvaTreatment;
  /** The concept is the colegiatura the IEDU decree lets parents deduct. */
  deductibleTuition: boolean;
  /** Needs a student on the line (the level decides RVOE, keys and IEDU). */
  requiresStudent: boolean;
}

/** c_ClaveProdServ 8612 (instituciones educativas) by level; university has no IEDU. */
export const SCHOOL_KEY_BY_LEVEL: Record<EducationLevel, string> = {
  'pre-school': '86121500', // Escuelas preescolares, primarias y secundarias
  elementary: '86121500',
  middle: '86121500',
  'middle-high': '86121600', // Bachillerato o profesional técnico
  high: '86121700', // Universidades y politécnicos
};

const service = { claveUnidad: 'E48', unidad: 'Servicio' } as const;
const piece = { claveUnidad: 'H87', unidad: 'Pieza' } as const;
const plain = { byLevel: false, deductibleTuition: false, requiresStudent: false } as const;
const teaching = {
  claveProdServ: '86121500',
  byLevel: true,
  ...service,
  iva: 'teaching',
  requiresStudent: true,
} as const;
const schoolServiceTaxed = {
  claveProdServ: '86121500',
  ...service,
  iva: 'tasa16',
  byLevel: true,
  deductibleTuition: false,
  requiresStudent: false,
} as const;

export const CONCEPT_FISCAL_PROFILES: Record<ConceptType, ConceptFiscalProfile> = {
  MONTHLY_FEE: { ...teaching, deductibleTuition: true },
  // Inscripción and reinscripción are fees for the teaching service itself (exempt), but
  // the decree excludes them from the parents' deduction: no IEDU, no D10 on their own.
  INSCRIPTION: { ...teaching, deductibleTuition: false },
  REINSCRIPTION: { ...teaching, deductibleTuition: false },
  // Services a school sells besides RVOE studies are taxed (idconline 2023; mexico.md §2.4).
  EXAMS_AND_CERTIFICATES: schoolServiceTaxed,
  EXTRACURRICULAR: schoolServiceTaxed,
  SPORTS: schoolServiceTaxed,
  TRANSPORT: { ...plain, claveProdServ: '78111802', ...service, iva: 'tasa16' },
  CAFETERIA: { ...plain, claveProdServ: '90101700', ...service, iva: 'tasa16' },
  BOOKS_AND_MATERIALS: { ...plain, claveProdServ: '55101509', ...piece, iva: 'tasa16' },
  UNIFORMS_AND_MERCH: { ...plain, claveProdServ: '53102705', ...piece, iva: 'tasa16' },
  EVENTS: { ...plain, claveProdServ: '80141902', ...service, iva: 'tasa16' },
  TRIPS: { ...plain, claveProdServ: '90121500', ...service, iva: 'tasa16' },
  INSURANCE: { ...plain, claveProdServ: '84131600', ...service, iva: 'tasa16' },
  DONATION: { ...plain, claveProdServ: '84101600', ...service, iva: 'no-objeto' },
  // No better key is known for these: SAT's "No existe en el catálogo".
  PRE_DEBT: { ...plain, claveProdServ: '01010101', ...service, iva: 'tasa16' },
  OTHER: { ...plain, claveProdServ: '01010101', ...service, iva: 'tasa16' },
};

export function claveProdServFor(
  profile: ConceptFiscalProfile,
  level: EducationLevel | undefined,
): string {
  return profile.byLevel && level ? SCHOOL_KEY_BY_LEVEL[level] : profile.claveProdServ;
}
