/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { Suspense, type ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import { preloadable } from './preloadable';

const Figures = ({ label }: { label: string }) => <p>{label}</p>;
const page = () => preloadable(() => Promise.resolve({ default: Figures }));

const draw = (Component: ComponentType<{ label: string }>) =>
  render(
    <Suspense fallback={<p>Cargando…</p>}>
      <Component label="Cifras" />
    </Suspense>,
  );

test('loaded ahead, it draws at once: no fallback is ever shown', async () => {
  const figures = page();
  figures.preload();
  await act(() => Promise.resolve());
  draw(figures.Component);
  expect(screen.getByText('Cifras')).toBeInTheDocument();
  expect(screen.queryByText('Cargando…')).toBeNull();
});

test('not loaded yet, it suspends like React.lazy and then draws', async () => {
  draw(page().Component);
  expect(screen.getByText('Cargando…')).toBeInTheDocument();
  expect(await screen.findByText('Cifras')).toBeInTheDocument();
});
