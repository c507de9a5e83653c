/**
 * A guardian's phone as WhatsApp addresses it: digits with the country code. Enrolment keeps
 * it as typed; a Mexican number is usually written with its 10 digits only, so those get 52.
 * Anything else that is not 11 to 15 digits is no WhatsApp number (null: none is sent).
 */
export function whatsAppNumber(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length === 10) return `52${digits}`;
  return digits.length >= 11 && digits.length <= 15 ? digits : null;
}
