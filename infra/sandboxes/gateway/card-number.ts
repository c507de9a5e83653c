/** What the sandbox can tell about a card from its number and dates, as a gateway would. */

export type PaymentBrand = 'Visa' | 'Mastercard' | 'American Express';

/** The Luhn check every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Brand from the leading digits (IIN ranges); null for brands Kushki México doesn't take here. */
export function brandOf(digits: string): PaymentBrand | null {
  if (/^4\d{12}(\d{3})?(\d{3})?$/.test(digits)) return 'Visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits.length === 16 && ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)))
    return 'Mastercard';
  if (digits.length === 15 && (two === 34 || two === 37)) return 'American Express';
  return null;
}

export function cvvLength(brand: PaymentBrand): number {
  return brand === 'American Express' ? 4 : 3;
}

/** A card is valid through the last day of its expiry month. */
export function hasExpired(month: number, twoDigitYear: number, now: Date): boolean {
  const year = 2000 + twoDigitYear;
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  return year * 12 + (month - 1) < thisMonth;
}
