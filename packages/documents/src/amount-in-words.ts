/**
 * "Importe con letra" as Mexican invoices and receipts print it:
 * 5850.00 → "CINCO MIL OCHOCIENTOS CINCUENTA PESOS 00/100 M.N.".
 * Numbers before "PESOS", "MIL" and "MILLONES" take the short forms (UN, VEINTIÚN).
 */

const UP_TO_29 = [
  '',
  'UN',
  'DOS',
  'TRES',
  'CUATRO',
  'CINCO',
  'SEIS',
  'SIETE',
  'OCHO',
  'NUEVE',
  'DIEZ',
  'ONCE',
  'DOCE',
  'TRECE',
  'CATORCE',
  'QUINCE',
  'DIECISÉIS',
  'DIECISIETE',
  'DIECIOCHO',
  'DIECINUEVE',
  'VEINTE',
  'VEINTIÚN',
  'VEINTIDÓS',
  'VEINTITRÉS',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISÉIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
];
const TENS = [
  '',
  '',
  '',
  'TREINTA',
  'CUARENTA',
  'CINCUENTA',
  'SESENTA',
  'SETENTA',
  'OCHENTA',
  'NOVENTA',
];
const HUNDREDS = [
  '',
  'CIENTO',
  'DOSCIENTOS',
  'TRESCIENTOS',
  'CUATROCIENTOS',
  'QUINIENTOS',
  'SEISCIENTOS',
  'SETECIENTOS',
  'OCHOCIENTOS',
  'NOVECIENTOS',
];

function belowThousand(n: number): string {
  if (n === 100) return 'CIEN';
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const restWords =
    rest < 30
      ? UP_TO_29[rest]
      : `${TENS[Math.floor(rest / 10)]}${rest % 10 ? ` Y ${UP_TO_29[rest % 10]}` : ''}`;
  return [HUNDREDS[hundreds], restWords].filter(Boolean).join(' ');
}

/** Words for 1 ≤ n < 10^12 (mil millones is as far as a school goes). */
function integerWords(n: number): string {
  if (n >= 1_000_000) {
    const millions = Math.floor(n / 1_000_000);
    const rest = n % 1_000_000;
    const head = millions === 1 ? 'UN MILLÓN' : `${integerWords(millions)} MILLONES`;
    return rest ? `${head} ${integerWords(rest)}` : head;
  }
  if (n >= 1_000) {
    const thousands = Math.floor(n / 1_000);
    const rest = n % 1_000;
    const head = thousands === 1 ? 'MIL' : `${belowThousand(thousands)} MIL`;
    return rest ? `${head} ${belowThousand(rest)}` : head;
  }
  return belowThousand(n);
}

export function amountInWords(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0 || centavos >= 100 * 1e12) {
    throw new RangeError(`Importe fuera de rango: ${centavos}`);
  }
  const pesos = Math.floor(centavos / 100);
  const cents = String(centavos % 100).padStart(2, '0');
  const words = pesos === 0 ? 'CERO' : integerWords(pesos);
  // "UN MILLÓN DE PESOS", but "UN MILLÓN CIEN PESOS".
  const of = pesos >= 1_000_000 && pesos % 1_000_000 === 0 ? ' DE' : '';
  return `${words}${of} ${pesos === 1 ? 'PESO' : 'PESOS'} ${cents}/100 M.N.`;
}
