import { whatsAppNumber } from '../families/whatsapp-number';

/**
 * The number a family wrote from, as guardians' numbers are kept (digits with country code):
 * `whatsapp:+5215512345678` from Twilio, or a cellphone and country code from Treble. Mexican
 * mobiles may still arrive with the old `1` after 52; the kept number has none.
 */
export function callerNumber(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (/^521\d{10}$/.test(digits)) return `52${digits.slice(3)}`;
  return whatsAppNumber(digits);
}
