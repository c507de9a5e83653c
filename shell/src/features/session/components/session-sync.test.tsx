/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { act } from '@testing-library/react';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { stubFetch, type FetchStub } from '@cuota/web-core/test-support/fetch-stub';
import { guardianSession } from '@cuota/web-core/test-support/session-fixtures';
import { requestFirstSession } from '../api/first-session';
import { SessionSync } from './session-sync';

let network: FetchStub;
const sessionCalls = () => network.sent('GET', '/api/auth/session').length;

beforeEach(() => {
  network = stubFetch().on('GET', '/api/auth/session', guardianSession());
});

test('loads the session at start', async () => {
  const { store } = renderWithProviders(<SessionSync pollSeconds={0} />, { url: '/', path: '/' });

  await act(() => Promise.resolve());
  expect(sessionCalls()).toBe(1);
  expect(store.getState().session.status).toBe('authenticated');
});

test('takes the answer to the request main.ts made, without asking again', async () => {
  requestFirstSession();
  const { store } = renderWithProviders(<SessionSync pollSeconds={0} />, { url: '/', path: '/' });

  await act(() => Promise.resolve());
  expect(sessionCalls()).toBe(1);
  expect(store.getState().session.status).toBe('authenticated');
});

test('takes the session the page was served with: no request at start, fresh ones later', async () => {
  const served = guardianSession();
  document.head.innerHTML = `<script id="cuota-boot" type="application/json">${JSON.stringify({ session: served })}</script>`;
  requestFirstSession();
  document.head.innerHTML = '';
  const { store } = renderWithProviders(<SessionSync pollSeconds={0} />, { url: '/', path: '/' });

  await act(() => Promise.resolve());
  expect(sessionCalls()).toBe(0);
  expect(store.getState().session).toMatchObject({ status: 'authenticated' });
  await act(async () => {
    window.dispatchEvent(new StorageEvent('storage', { key: 'cuota.session-changed' }));
  });
  expect(sessionCalls()).toBe(1);
});

test('refetches when the tab becomes visible and when another tab writes to storage', async () => {
  renderWithProviders(<SessionSync pollSeconds={0} />, { url: '/', path: '/' });
  await act(() => Promise.resolve());

  await act(async () => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  expect(sessionCalls()).toBe(2);

  await act(async () => {
    window.dispatchEvent(new StorageEvent('storage', { key: 'cuota.session-changed' }));
  });
  expect(sessionCalls()).toBe(3);
});

test('polls every N seconds only when polling is on', async () => {
  jest.useFakeTimers();
  try {
    const { unmount } = renderWithProviders(<SessionSync pollSeconds={0} />, {
      url: '/',
      path: '/',
    });
    await act(async () => jest.advanceTimersByTime(60_000));
    expect(sessionCalls()).toBe(1);
    unmount();

    renderWithProviders(<SessionSync pollSeconds={30} />, { url: '/', path: '/' });
    await act(async () => jest.advanceTimersByTime(30_000));
    expect(sessionCalls()).toBe(3);
    await act(async () => jest.advanceTimersByTime(30_000));
    expect(sessionCalls()).toBe(4);
  } finally {
    jest.useRealTimers();
  }
});
