/**
 * The SAT catalogue keys Cuota writes on a school's CFDI (ADR 0037 "catalogues"), derived
 * from the engine's own fiscal profiles so the list can never disagree with the invoices.
 * SAT's full c_ClaveProdServ (≈52,000 keys) is not bundled: a school's concepts map to these
 * few. Descriptions say what Cuota invoices with each key (SAT's catalogue texts for most
 * of them could not be verified offline, mexico.md §2.7). Pure.
 */
import { CONCEPT_TYPES, type ConceptType } from '@cuota/contracts/billing/concepts';
import type { z } from 'zod';
import type { productKeySchema, taxUnitSchema } from '@cuota/contracts/invoicing/sat-catalogs';
import { PAYMENT_CONCEPT } from '../cfdi/build-payment-comprobante';
import { CONCEPT_FISCAL_PROFILES, SCHOOL_KEY_BY_LEVEL } from '../cfdi/concept-fiscal-profile';

type ProductKey = z.infer<typeof productKeySchema>;
type TaxUnit = z.infer<typeof taxUnitSchema>;

const PRODUCT_KEY_DESCRIPTIONS: Record<string, string> = {
  '86121500': 'Servicios educativos de preescolar, primaria y secundaria',
  '86121600': 'Servicios educativos de bachillerato o profesional técnico',
  '86121700': 'Servicios educativos universitarios',
  '78111802': 'Transporte escolar',
  '90101700': 'Cafetería',
  '55101509': 'Libros y materiales educativos',
  '53102705': 'Uniformes',
  '80141902': 'Eventos',
  '90121500': 'Viajes y excursiones',
  '84131600': 'Seguros',
  '84101600': 'Donativos',
  '01010101': 'Otros conceptos (no existe en el catálogo)',
  [PAYMENT_CONCEPT.ClaveProdServ]: 'Pago (CFDI de pago de una factura en parcialidades)',
};

const TAX_UNIT_DESCRIPTIONS: Record<string, string> = {
  E48: 'Unidad de servicio: colegiaturas y demás servicios',
  H87: 'Pieza: libros, materiales y uniformes',
  [PAYMENT_CONCEPT.ClaveUnidad]: 'Actividad: el concepto de un CFDI de pago',
};

/** Every key a concept type can carry (the school keys by level included), once each. */
export function productKeys(): ProductKey[] {
  const byKey = new Map<string, Set<ConceptType>>();
  const add = (key: string, type?: ConceptType) => {
    const types = byKey.get(key) ?? new Set<ConceptType>();
    if (type) types.add(type);
    byKey.set(key, types);
  };
  for (const type of CONCEPT_TYPES) {
    const profile = CONCEPT_FISCAL_PROFILES[type];
    const keys = profile.byLevel ? Object.values(SCHOOL_KEY_BY_LEVEL) : [profile.claveProdServ];
    for (const key of keys) add(key, type);
  }
  add(PAYMENT_CONCEPT.ClaveProdServ);
  return [...byKey].map(([key, types]) => ({
    key,
    description: PRODUCT_KEY_DESCRIPTIONS[key] ?? key,
    concept_types: [...types],
  }));
}

export function taxUnits(): TaxUnit[] {
  const units = new Map<string, string>(
    CONCEPT_TYPES.map((type) => {
      const profile = CONCEPT_FISCAL_PROFILES[type];
      return [profile.claveUnidad, profile.unidad];
    }),
  );
  units.set(PAYMENT_CONCEPT.ClaveUnidad, 'Actividad');
  return [...units].map(([key, name]) => ({
    key,
    name,
    description: TAX_UNIT_DESCRIPTIONS[key] ?? name,
  }));
}

/** "colegiatura" finds "Colegiaturas…"; "8612" finds the keys that start or contain it. */
export function matching<T extends { key: string; description: string }>(
  entries: readonly T[],
  search: string | undefined,
): T[] {
  const wanted = search ? fold(search) : '';
  return wanted
    ? entries.filter((e) => fold(e.key).includes(wanted) || fold(e.description).includes(wanted))
    : [...entries];
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
