/** The parts of SAT's CFDI 4.0 catalogs the receptor checks need (shared reference mexico.md §2.11). */

export type PersonType = 'fisica' | 'moral';

/** c_RegimenFiscal: which person types each régimen applies to. */
export const REGIMENES: Record<string, PersonType[]> = {
  '601': ['moral'],
  '603': ['moral'],
  '605': ['fisica'],
  '606': ['fisica'],
  '607': ['fisica'],
  '608': ['fisica'],
  '610': ['fisica', 'moral'],
  '611': ['fisica'],
  '612': ['fisica'],
  '614': ['fisica'],
  '615': ['fisica'],
  '616': ['fisica'],
  '620': ['moral'],
  '621': ['fisica'],
  '622': ['moral'],
  '623': ['moral'],
  '624': ['moral'],
  '625': ['fisica'],
  '626': ['fisica', 'moral'],
};

interface UsoCfdi {
  personTypes: PersonType[];
  regimenes: string[];
}

const BOTH: PersonType[] = ['fisica', 'moral'];
const BUSINESS = ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'];
const PERSONAL_DEDUCTIONS = ['605', '606', '608', '611', '612', '614', '607', '615', '625'];
const NO_TAX_EFFECT = [
  ...['601', '603', '605', '606', '608', '610', '611', '612', '614', '616'],
  ...['620', '621', '622', '623', '624', '607', '615', '625', '626'],
];

const business: UsoCfdi = { personTypes: BOTH, regimenes: BUSINESS };
const deduction: UsoCfdi = { personTypes: ['fisica'], regimenes: PERSONAL_DEDUCTIONS };

/** c_UsoCFDI: the person types and receptor régimenes each use is allowed for. */
export const USOS_CFDI: Record<string, UsoCfdi> = {
  G01: business,
  G02: { personTypes: BOTH, regimenes: [...BUSINESS, '616'] },
  G03: business,
  ...Object.fromEntries(
    ['I01', 'I02', 'I03', 'I04', 'I05', 'I06', 'I07', 'I08'].map((k) => [k, business]),
  ),
  ...Object.fromEntries(
    ['D01', 'D02', 'D03', 'D04', 'D05', 'D06', 'D07', 'D08', 'D09', 'D10'].map((k) => [
      k,
      deduction,
    ]),
  ),
  S01: { personTypes: BOTH, regimenes: NO_TAX_EFFECT },
  CP01: { personTypes: BOTH, regimenes: NO_TAX_EFFECT },
  CN01: { personTypes: ['fisica'], regimenes: ['605'] },
};

/** An RFC of 13 characters is a persona física's, of 12 a persona moral's. */
export function personTypeOf(rfc: string): PersonType {
  return [...rfc].length === 13 ? 'fisica' : 'moral';
}
