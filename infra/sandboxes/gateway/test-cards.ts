import { KushkiError } from './kushki-error.ts';

/** What a charge made with a card's token does. */
export type ChargeBehaviour =
  | { kind: 'approve' }
  | { kind: 'decline'; responseCode: string; responseText: string }
  /** Approves, but the webhook only leaves after the sandbox's late-webhook delay. */
  | { kind: 'late-webhook' }
  /** Approves (and notifies), then answers the caller 500 as if the gateway broke. */
  | { kind: 'server-error' }
  /** Approves (and notifies), then keeps the caller waiting until it gives up. */
  | { kind: 'timeout' };

type TestCard = { refuseToken: KushkiError } | { charge: ChargeBehaviour };

const decline = (responseCode: string, responseText: string): TestCard => ({
  charge: { kind: 'decline', responseCode, responseText },
});

/**
 * Kushki's published sandbox cards (docs "Datos de prueba"), plus three of the sandbox's own
 * for failures Kushki's sandbox can't be asked for. Any other valid card is approved.
 */
const TEST_CARDS = new Map<string, TestCard>([
  ['5451951574925480', { charge: { kind: 'approve' } }],
  ['4574441215190335', { refuseToken: new KushkiError(400, '017', 'Tarjeta no válida') }],
  ['4349003000047015', decline('014', 'Tarjeta no válida')],
  ['4349001210846432', decline('051', 'Tarjeta sin fondos')],
  ['4349008516656431', decline('057', 'Tarjeta no compatible')],
  ['4349003243371321', decline('082', 'Imposible verificar CVV')],
  ['4349001386781322', decline('062', 'Tarjeta bloqueada por el banco')],
  ['4349007000000015', { charge: { kind: 'late-webhook' } }],
  ['4349007000000023', { charge: { kind: 'server-error' } }],
  ['4349007000000031', { charge: { kind: 'timeout' } }],
]);

/** The token-time refusal for this card, if it is one of the cards refused at tokenisation. */
export function tokenRefusalFor(digits: string): KushkiError | null {
  const card = TEST_CARDS.get(digits);
  return card && 'refuseToken' in card ? card.refuseToken : null;
}

export function chargeBehaviourFor(digits: string): ChargeBehaviour {
  const card = TEST_CARDS.get(digits);
  return card && 'charge' in card ? card.charge : { kind: 'approve' };
}
