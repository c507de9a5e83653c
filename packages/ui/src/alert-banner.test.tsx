import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { AlertBanner, type AlertBannerProps } from '@cuota/ui/alert-banner';
import { theme } from '@cuota/ui/theme';

function renderBanner(props: Partial<AlertBannerProps> = {}) {
  const onClose = jest.fn();
  const all: AlertBannerProps = {
    text: 'No pudimos guardar tus datos.',
    type: 'error',
    open: true,
    alertKey: 1,
    autoCloseMs: 6000,
    onClose,
    ...props,
  };
  const view = render(
    <ThemeProvider theme={theme}>
      <AlertBanner {...all} />
    </ThemeProvider>,
  );
  const rerender = (next: Partial<AlertBannerProps>) =>
    view.rerender(
      <ThemeProvider theme={theme}>
        <AlertBanner {...all} {...next} />
      </ThemeProvider>,
    );
  return { onClose, rerender };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('an error alert is announced and closes itself after 6 seconds', () => {
  const { onClose } = renderBanner();
  expect(screen.getByRole('alert')).toHaveTextContent('No pudimos guardar tus datos.');

  jest.advanceTimersByTime(5999);
  expect(onClose).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(onClose).toHaveBeenCalledTimes(1);
});

test('a new alert restarts the 6 seconds', () => {
  const { onClose, rerender } = renderBanner();
  jest.advanceTimersByTime(4000);

  rerender({ text: 'Otro aviso', alertKey: 2 });
  jest.advanceTimersByTime(4000);
  expect(onClose).not.toHaveBeenCalled();
  jest.advanceTimersByTime(2000);
  expect(onClose).toHaveBeenCalledTimes(1);
});

test('it can be closed by hand, and a closed alert shows nothing', () => {
  const { onClose, rerender } = renderBanner({ type: 'success', text: 'Listo' });
  fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
  expect(onClose).toHaveBeenCalled();

  rerender({ open: false });
  expect(screen.queryByText('Listo')).not.toBeInTheDocument();
});
