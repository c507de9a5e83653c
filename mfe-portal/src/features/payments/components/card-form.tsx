import type { Ref } from 'react';
import type { CardFormSettings } from '@cuota/contracts/payments/checkout';
import { HostedCardForm } from './hosted-card-form';
import { KushkiCardForm } from './kushki-card-form';

/** What a card form hands the portal: a one-time token, never the card number. */
export interface CardToken {
  token: string;
  brand: string;
  last4: string;
}

export interface CardFormState {
  valid: boolean;
  busy: boolean;
  error: string | null;
}

/** The portal's own "Pagar" button asks the form to tokenise. */
export interface CardFormHandle {
  submit: () => void;
}

/** One interface, two implementations, chosen by the school's gateway settings (ADR 0030). */
export interface CardFormProps<S extends CardFormSettings = CardFormSettings> {
  settings: S;
  totalCentavos: number;
  onState: (state: CardFormState) => void;
  onToken: (card: CardToken) => void;
  ref?: Ref<CardFormHandle>;
}

/**
 * Kushki's own SDK (hosted fields with 3-D Secure, OTP and device fingerprinting) for a
 * school on Kushki's test or production environment; the local sandbox's hosted form, framed,
 * for development and the browser journeys.
 */
export function CardForm({ settings, ...props }: CardFormProps) {
  return settings.kind === 'kushki_js' ? (
    <KushkiCardForm settings={settings} {...props} />
  ) : (
    <HostedCardForm settings={settings} {...props} />
  );
}
