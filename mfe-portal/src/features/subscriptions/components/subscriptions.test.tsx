/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Subscribable } from '@cuota/contracts/billing/subscriptions';
import type { CardSubscription } from '@cuota/contracts/payments/card-subscriptions';
import { comedor, kept } from '../test-support/subscription-fixtures';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { SUBSCRIBABLES_KEY } from '@cuota/web-core/payment-selection/selection-storage';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { guardianSession } from '@cuota/web-core/test-support/session-fixtures';
import { Subscriptions } from './subscriptions';

const SUBS = '/api/v1/schools/school-1/subscriptions/';
const OFFERS = '/api/v1/schools/school-1/subscriptions/concepts/';
const offer = (student: string, concept: string, price: number): Subscribable => ({
  concept_id: `c-${concept}`,
  concept_name: concept,
  concept_type: 'TRANSPORT',
  student_id: `s-${student}`,
  student_name: student,
  concept_price: price,
  months: ['2026-11', '2026-12', '2027-01'],
});
beforeEach(() => {
  forgetCsrfToken();
  sessionStorage.clear();
});
const render = () =>
  renderWithProviders(<Subscriptions schoolId="school-1" />, {
    url: '/s',
    path: '/s',
    session: guardianSession(),
  });

test('each subscription shows its price and next payment with Spanish month names', async () => {
  stubFetch()
    .on('GET', SUBS, [comedor, { ...comedor, id: 'sub-0', status: 'CANCELED' }])
    .on('GET', OFFERS, []);
  render();
  const card = await screen.findByRole('region', { name: 'Comedor de Sofía López' });
  expect(card).toHaveTextContent('$1,200.00 al mes · desde noviembre 2026');
  expect(card).toHaveTextContent('Próximo pago: noviembre 2026, vence el 10 nov 2026');
  // A cancelled subscription is not listed.
  expect(screen.getAllByRole('region', { name: /Comedor/ })).toHaveLength(1);
  expect(screen.getByText(/No hay servicios opcionales disponibles/)).toBeVisible();
});

test('one concept/student pair at a time: the others are disabled until it is cleared', async () => {
  const fetch = stubFetch().on('GET', '/api/auth/csrf', { csrfToken: 't' });
  fetch.on('GET', SUBS, []);
  fetch.on('GET', OFFERS, [
    offer('Sofía López', 'Transporte', 90_000),
    offer('Pablo López', 'Transporte', 90_000),
  ]);
  fetch.on('POST', SUBS, { ...comedor, concept_name: 'Transporte' });
  render();
  expect(await screen.findByRole('heading', { name: 'Aún no tienes suscripciones' })).toBeVisible();
  const sofia = screen.getByRole('checkbox', { name: /Transporte · Sofía López/ });
  const pablo = screen.getByRole('checkbox', { name: /Transporte · Pablo López/ });
  expect(sofia.closest('label')).toHaveTextContent(
    '$900.00 al mes · se cobra noviembre 2026 a enero 2027 (3 meses)',
  );
  await userEvent.click(sofia);
  expect(pablo).toBeDisabled();
  expect(screen.getByText(/^Total:/)).toHaveTextContent('Total: $900.00 al mes por noviembre 2026');
  await userEvent.click(screen.getByRole('button', { name: 'Quitar selección' }));
  expect(pablo).toBeEnabled();
  await userEvent.click(pablo);
  await userEvent.click(screen.getByRole('button', { name: 'Suscribir' }));
  expect(await screen.findByText('Pablo López quedó suscrito a Transporte.')).toBeVisible();
  expect(await fetch.sent('POST', SUBS)[0]!.json()).toEqual({
    student_id: 's-Pablo López',
    concept_id: 'c-Transporte',
  });
});

test('cancelling asks first, then cancels', async () => {
  const fetch = stubFetch().on('GET', '/api/auth/csrf', { csrfToken: 't' });
  fetch.on('GET', SUBS, [comedor]);
  fetch.on('GET', OFFERS, []);
  fetch.on('DELETE', `${SUBS}sub-1/`, { ...comedor, status: 'CANCELED' });
  render();
  const card = await screen.findByRole('region', { name: 'Comedor de Sofía López' });
  await userEvent.click(within(card).getByRole('button', { name: 'Cancelar suscripción' }));
  expect(card).toHaveTextContent('¿Cancelar Comedor de Sofía López?');
  expect(fetch.sent('DELETE', `${SUBS}sub-1/`)).toHaveLength(0);
  await userEvent.click(within(card).getByRole('button', { name: 'Sí, cancelar suscripción' }));
  await waitFor(() => expect(fetch.sent('DELETE', `${SUBS}sub-1/`)).toHaveLength(1));
});

test('the pair picked is kept as subscribables-selection: a reload keeps it, clearing empties it', async () => {
  stubFetch()
    .on('GET', SUBS, [])
    .on('GET', OFFERS, [
      offer('Sofía López', 'Transporte', 90_000),
      offer('Pablo López', 'Transporte', 90_000),
    ]);
  const first = render();
  await userEvent.click(await screen.findByRole('checkbox', { name: /Transporte · Sofía López/ }));
  expect(JSON.parse(sessionStorage.getItem(SUBSCRIBABLES_KEY)!)).toEqual([
    { concept_id: 'c-Transporte', student_id: 's-Sofía López', concept_price: 90_000 },
  ]);
  first.unmount();

  render();
  expect(await screen.findByRole('checkbox', { name: /Transporte · Sofía López/ })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: /Transporte · Pablo López/ })).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Quitar selección' }));
  expect(JSON.parse(sessionStorage.getItem(SUBSCRIBABLES_KEY)!)).toEqual([]);
});

const CARDS = '/api/v1/schools/school-1/card_subscriptions/';
test('a declined month is shown with the gateway’s reason; the card can be removed', async () => {
  const declined: CardSubscription = {
    ...kept,
    charges: [
      {
        order_id: 'o-11',
        period: '2026-11',
        amount_centavos: 120_000,
        status: 'DECLINED',
        message: 'Tarjeta sin fondos',
        charged_at: '2026-11-02T18:00:00.000Z',
      },
    ],
  };
  const fetch = stubFetch().on('GET', '/api/auth/csrf', { csrfToken: 't' });
  fetch.on('GET', SUBS, [comedor]).on('GET', OFFERS, []).on('GET', CARDS, [declined]);
  fetch.on('DELETE', `${CARDS}sub-1/`, { ...declined, status: 'CANCELED' });
  render();
  const card = await screen.findByRole('region', { name: 'Comedor de Sofía López' });
  expect(await within(card).findByRole('alert')).toHaveTextContent(
    'El cargo de noviembre 2026 fue rechazado: Tarjeta sin fondos. Ese mes sigue pendiente: págalo en Pagos.',
  );
  await userEvent.click(within(card).getByRole('button', { name: 'Quitar tarjeta' }));
  await waitFor(() => expect(fetch.sent('DELETE', `${CARDS}sub-1/`)).toHaveLength(1));
});
