/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { act, screen } from '@testing-library/react';
import { alertShown } from '@cuota/web-core/alert/alert-slice';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { showToast } from '@cuota/web-core/toast/toast-actions';
import { RootLayout } from './root-layout';

function renderLayout() {
  return renderWithProviders(<RootLayout />, { url: '/', path: '/' });
}

/** Renders and lets the (stubbed) session request answer. */
const renderLoaded = () => act(async () => renderLayout());

test('a spinner shows while the session loads, then the page', async () => {
  let answer: (value: Response) => void = () => undefined;
  stubFetch().on('GET', '/api/auth/session', () => new Promise<Response>((r) => (answer = r)));
  renderLayout();

  expect(screen.getByRole('status', { name: 'Cargando tu sesión…' })).toBeInTheDocument();
  await act(async () => answer(Response.json(null)));
  expect(screen.queryByRole('status', { name: 'Cargando tu sesión…' })).not.toBeInTheDocument();
});

test('the alert banner shows what the store says and closes itself after 6 s', async () => {
  stubFetch().on('GET', '/api/auth/session', null);
  jest.useFakeTimers();
  try {
    const { store } = await renderLoaded();
    act(() => {
      store.dispatch(alertShown({ text: 'No pudimos guardar.', type: 'error' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('No pudimos guardar.');

    act(() => jest.advanceTimersByTime(6000));
    expect(screen.queryByText('No pudimos guardar.')).not.toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});

test('toasts appear in the toast area and leave 200 ms after their 5 s', async () => {
  stubFetch().on('GET', '/api/auth/session', null);
  jest.useFakeTimers();
  try {
    const { store } = await renderLoaded();
    act(() => {
      store.dispatch(showToast({ title: 'Pago recibido' }));
    });
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Pago recibido');

    act(() => jest.advanceTimersByTime(5000));
    expect(store.getState().toasts[0]!.open).toBe(false);
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Pago recibido')).not.toBeInTheDocument();
  } finally {
    jest.useRealTimers();
  }
});
