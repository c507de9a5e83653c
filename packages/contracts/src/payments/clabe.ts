import { z } from 'zod';

/**
 * Banks by the first three digits of a CLABE (Banxico's institution codes, the SPEI
 * participants a school is likely to bank with).
 */
export const CLABE_BANKS: Readonly<Record<string, string>> = {
  '002': 'Banamex',
  '006': 'Bancomext',
  '009': 'Banobras',
  '012': 'BBVA México',
  '014': 'Santander',
  '019': 'Banjército',
  '021': 'HSBC',
  '030': 'BanBajío',
  '036': 'Inbursa',
  '042': 'Mifel',
  '044': 'Scotiabank',
  '058': 'Banregio',
  '059': 'Invex',
  '060': 'Bansi',
  '062': 'Afirme',
  '072': 'Banorte',
  '106': 'Bank of America',
  '108': 'MUFG',
  '110': 'J.P. Morgan',
  '112': 'Banco Monex',
  '113': 'Ve por Más',
  '127': 'Banco Azteca',
  '128': 'Autofin',
  '130': 'Compartamos',
  '132': 'Multiva',
  '133': 'Actinver',
  '135': 'Nafin',
  '136': 'Intercam Banco',
  '137': 'BanCoppel',
  '140': 'Consubanco',
  '143': 'CIBanco',
  '145': 'Banco Base',
  '152': 'Bancrea',
  '156': 'Sabadell',
  '166': 'Banco del Bienestar',
  '638': 'Nu México',
  '646': 'STP',
  '722': 'Mercado Pago',
  '728': 'Spin by OXXO',
};

// The check digit's weights, repeated over the first 17 digits (Banxico).
const WEIGHTS = [3, 7, 1];

/** The 18th digit a CLABE's first 17 digits call for. */
export function clabeCheckDigit(first17: string): number {
  const sum = [...first17].reduce((s, d, i) => s + ((Number(d) * WEIGHTS[i % 3]!) % 10), 0);
  return (10 - (sum % 10)) % 10;
}

/** The bank a CLABE names, or null when its first three digits are no bank's. */
export const bankOfClabe = (clabe: string): string | null => CLABE_BANKS[clabe.slice(0, 3)] ?? null;

/** A CLABE as typed (spaces allowed): 18 digits, its check digit right, a known bank's. */
export const clabeSchema = z
  .string('Escribe la CLABE.')
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{18}$/, 'La CLABE tiene 18 dígitos.')
      .refine(
        (c) => clabeCheckDigit(c.slice(0, 17)) === Number(c[17]),
        'La CLABE no es válida: el último dígito no corresponde a los anteriores. Revísala.',
      )
      .refine(
        (c) => bankOfClabe(c) !== null,
        'Los primeros tres dígitos de la CLABE no corresponden a ningún banco.',
      ),
  );
