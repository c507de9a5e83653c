import type { Ref } from 'react';
import type { CardFormSettings } from '@cuota/contracts/payments/checkout';

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

/** The page's own "Pagar" button (portal, store) asks the form to tokenise. */
export interface CardFormHandle {
  submit: () => void;
}

/** The settings a card form is drawn from (a refused family gets no form). */
export type FormSettings = Exclude<CardFormSettings, { kind: 'refused' }>;

/** One interface, two implementations, chosen by the school's gateway settings (ADR 0030). */
export interface CardFormProps<S extends FormSettings = FormSettings> {
  settings: S;
  totalCentavos: number;
  onState: (state: CardFormState) => void;
  onToken: (card: CardToken) => void;
  ref?: Ref<CardFormHandle>;
}
