/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import type { ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@cuota/ui/theme';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { RemoteSlotContext } from '../components/remote-slot-context';
import { remoteFallbackPlugin } from './remote-fallback-plugin';

type ErrorLoadRemote = (args: {
  id: string;
  error: unknown;
  lifecycle: string;
}) => { default: ComponentType } | undefined;

const errorLoadRemote = remoteFallbackPlugin().errorLoadRemote as unknown as ErrorLoadRemote;

beforeEach(() => {
  stubFetch();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('a remote that cannot load resolves to the fallback of the route that asked for it', () => {
  const module = errorLoadRemote({
    id: 'mfe_dashboard/App',
    error: new Error('remoteEntryExports is undefined'),
    lifecycle: 'onLoad',
  });
  const Fallback = module!.default;
  const retry = jest.fn();

  render(
    <ThemeProvider theme={theme}>
      <RemoteSlotContext value={{ name: 'mfe_dashboard', retry }}>
        <Fallback />
      </RemoteSlotContext>
    </ThemeProvider>,
  );

  expect(screen.getByTestId('remote-fallback-mfe_dashboard')).toHaveTextContent(
    'El panel escolar no está disponible en este momento.',
  );
  screen.getByRole('button', { name: 'Reintentar' }).click();
  expect(retry).toHaveBeenCalled();
});

test('earlier lifecycles are left to fail so they reach onLoad', () => {
  expect(
    errorLoadRemote({
      id: 'http://cdn/mf-manifest.json',
      error: new Error('x'),
      lifecycle: 'afterResolve',
    }),
  ).toBeUndefined();
});
