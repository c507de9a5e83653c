import type { ICard } from '@kushki/js-sdk/Card';
import type { CardFormSettings } from '@cuota/contracts/payments/checkout';
import { centavosToDecimal } from '@cuota/ui/money';

export type KushkiJs = Extract<CardFormSettings, { kind: 'kushki_js' }>;

/** The containers Kushki's hosted fields render into (its `selector` is an element id). */
export const KUSHKI_FIELDS = {
  cardholderName: 'kushki-nombre',
  cardNumber: 'kushki-numero',
  expirationDate: 'kushki-vencimiento',
  cvv: 'kushki-cvv',
  otp: 'kushki-otp',
} as const;

const LABELS: Record<keyof typeof KUSHKI_FIELDS, string> = {
  cardholderName: 'Nombre como aparece en la tarjeta',
  cardNumber: 'Número de tarjeta',
  expirationDate: 'Vencimiento (MM/AA)',
  cvv: 'Código de seguridad (CVV)',
  otp: 'Código que te envió tu banco',
};

/**
 * Starts Kushki's hosted fields for this school and amount (@kushki/js-sdk, loaded only for
 * Kushki schools). The SDK itself runs 3-D Secure, OTP and the device fingerprint when the
 * merchant has them, inside `requestToken`. Tuition is IVA-exempt: all of it in subtotalIva0.
 */
export async function startKushkiCard(settings: KushkiJs, totalCentavos: number): Promise<ICard> {
  const [{ init }, { initCardToken }] = await Promise.all([
    import('@kushki/js-sdk'),
    import('@kushki/js-sdk/Card'),
  ]);
  const kushki = await init({
    publicCredentialId: settings.public_merchant_id,
    inTest: settings.in_test,
  });
  const field = (name: keyof typeof KUSHKI_FIELDS) => ({
    selector: KUSHKI_FIELDS[name],
    label: LABELS[name],
    placeholder: LABELS[name],
  });
  return initCardToken(kushki, {
    amount: { subtotalIva: 0, subtotalIva0: Number(centavosToDecimal(totalCentavos)), iva: 0 },
    currency: 'MXN',
    fields: {
      cardholderName: field('cardholderName'),
      cardNumber: field('cardNumber'),
      expirationDate: field('expirationDate'),
      cvv: field('cvv'),
      otp: field('otp'),
    },
  });
}
