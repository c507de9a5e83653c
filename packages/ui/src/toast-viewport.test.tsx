import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@cuota/ui/theme';
import { ToastViewport, type ToastView } from '@cuota/ui/toast-viewport';

// jsdom has no PointerEvent; a MouseEvent carries the clientY the swipe needs.
window.PointerEvent ??= class PointerEvent extends MouseEvent {} as typeof window.PointerEvent;

const toast = (overrides: Partial<ToastView> = {}): ToastView => ({
  id: '1',
  title: 'Pago recibido',
  description: 'Tu pago de enero quedó registrado.',
  open: true,
  variant: 'success',
  duration: 5000,
  ...overrides,
});

function renderViewport(toasts: ToastView[]) {
  const onDismiss = jest.fn();
  render(
    <ThemeProvider theme={theme}>
      <ToastViewport toasts={toasts} onDismiss={onDismiss} />
    </ThemeProvider>,
  );
  return onDismiss;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a toast closes itself after its duration', () => {
  const onDismiss = renderViewport([toast()]);

  jest.advanceTimersByTime(4999);
  expect(onDismiss).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(onDismiss).toHaveBeenCalledWith('1');
});

test('hovering a toast holds it open', () => {
  const onDismiss = renderViewport([toast()]);

  fireEvent.mouseEnter(screen.getByRole('status'));
  jest.advanceTimersByTime(10_000);
  expect(onDismiss).not.toHaveBeenCalled();

  fireEvent.mouseLeave(screen.getByRole('status'));
  jest.advanceTimersByTime(5000);
  expect(onDismiss).toHaveBeenCalledWith('1');
});

test('swiping a toast up 50 px dismisses it; less does not', () => {
  const onDismiss = renderViewport([toast()]);
  const item = screen.getByRole('status');

  fireEvent.pointerDown(item, { clientY: 200 });
  fireEvent.pointerUp(item, { clientY: 151 });
  expect(onDismiss).not.toHaveBeenCalled();

  fireEvent.pointerDown(item, { clientY: 200 });
  fireEvent.pointerUp(item, { clientY: 150 });
  expect(onDismiss).toHaveBeenCalledWith('1');
});

test('F8 moves focus to the toast area', () => {
  renderViewport([toast({ variant: 'error', title: 'No se pudo pagar' })]);

  fireEvent.keyDown(window, { key: 'F8' });

  expect(screen.getByRole('region', { name: 'Notificaciones (F8)' })).toHaveFocus();
  expect(screen.getByRole('alert')).toHaveTextContent('No se pudo pagar');
});

test('the close button dismisses; a closed toast no longer runs its timer', () => {
  const onDismiss = renderViewport([toast({ open: false })]);

  jest.advanceTimersByTime(10_000);
  expect(onDismiss).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Cerrar notificación' }));
  expect(onDismiss).toHaveBeenCalledWith('1');
});
