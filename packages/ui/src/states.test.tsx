import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmptyState } from '@cuota/ui/empty-state';
import { ErrorState } from '@cuota/ui/error-state';
import { Spinner } from '@cuota/ui/spinner';
import { renderThemed } from '@cuota/ui/test-support/render-themed';

test('loading says what is loading, in words, to everyone', () => {
  renderThemed(<Spinner label="Cargando tus pagos…" />);
  expect(screen.getByRole('status')).toHaveTextContent('Cargando tus pagos…');
  expect(screen.getByText('Cargando tus pagos…')).toBeVisible();
});

test('an error is announced, explains itself and offers to try again', async () => {
  const onRetry = jest.fn();
  renderThemed(<ErrorState message="El servicio de cobranza no responde." onRetry={onRetry} />);
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('No pudimos cargar esta información');
  expect(alert).toHaveTextContent('El servicio de cobranza no responde.');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});

test('empty says so with a heading and what to do next', () => {
  renderThemed(
    <EmptyState
      title="Aún no hay pagos"
      description="Los pagos de las familias aparecerán aquí."
    />,
  );
  expect(screen.getByRole('heading', { name: 'Aún no hay pagos' })).toBeVisible();
});
