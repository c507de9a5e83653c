/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CardSubscription } from '@cuota/contracts/payments/card-subscriptions';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { guardianSession } from '@cuota/web-core/test-support/session-fixtures';
import {
  CardEntryContext,
  type CardEntryProps,
} from '../../features/subscriptions/components/card-entry';
import { Subscriptions } from '../../features/subscriptions/components/subscriptions';
import { comedor, kept } from '../../features/subscriptions/test-support/subscription-fixtures';
import { PortalCardEntry } from './portal-card-entry';

const SUBS = '/api/v1/schools/school-1/subscriptions/';
const OFFERS = '/api/v1/schools/school-1/subscriptions/concepts/';
const CARDS = '/api/v1/schools/school-1/card_subscriptions/';
const GATEWAY = 'http://gateway.test';
beforeEach(() => forgetCsrfToken());

/** Suscripciones as the app composes it: with the payments feature's card form. */
const render = () =>
  renderWithProviders(
    <CardEntryContext value={(props: CardEntryProps) => <PortalCardEntry {...props} />}>
      <Subscriptions schoolId="school-1" />
    </CardEntryContext>,
    { url: '/s', path: '/s', session: guardianSession() },
  );

/** What the gateway's hosted form in the iframe says to the portal. */
function fromCardForm(data: object) {
  const frame = screen.getByTitle('Datos de la tarjeta') as HTMLIFrameElement;
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data, origin: GATEWAY, source: frame.contentWindow }),
    );
  });
}

test('«Pagar con tarjeta cada mes» keeps a card through the card form; the card is then shown', async () => {
  let cards: CardSubscription[] = [];
  const fetch = stubFetch().on('GET', '/api/auth/csrf', { csrfToken: 't' });
  fetch.on('GET', SUBS, [comedor]).on('GET', OFFERS, []);
  fetch.on('GET', CARDS, () => Response.json(cards));
  fetch.on('GET', '/api/v1/schools/school-1/card_form/', {
    kind: 'hosted_form',
    form_url: `${GATEWAY}/hosted/card-form`,
    public_merchant_id: 'pm-1',
  });
  fetch.on('POST', CARDS, () => {
    cards = [kept];
    return Response.json(kept, { status: 201 });
  });
  render();
  const card = await screen.findByRole('region', { name: 'Comedor de Sofía López' });
  await userEvent.click(within(card).getByRole('button', { name: 'Pagar con tarjeta cada mes' }));
  const frame = await within(card).findByTitle('Datos de la tarjeta');
  expect(new URL(frame.getAttribute('src')!).searchParams.get('amount')).toBe('1200.00');
  const save = within(card).getByRole('button', { name: 'Guardar tarjeta' });
  expect(save).toBeDisabled();
  fromCardForm({ type: 'cuota:card-state', valid: true, busy: false, height: 300 });
  expect(save).toBeEnabled();
  fromCardForm({
    type: 'cuota:card-token',
    token: 'tok_0123456789abcdef',
    brand: 'Mastercard',
    last4: '5480',
  });

  expect(
    await within(card).findByText('Se cobra cada mes a tu tarjeta Mastercard terminada en 5480.'),
  ).toBeVisible();
  expect(card).toHaveTextContent('Aún no hay cargos a esta tarjeta.');
  expect(await fetch.sent('POST', CARDS)[0]!.json()).toEqual({
    subscription_id: 'sub-1',
    student_id: 'student-1',
    concept_id: 'c-1',
    token: 'tok_0123456789abcdef',
  });
});
