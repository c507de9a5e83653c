import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DashboardFrame } from '@cuota/ui/dashboard-frame';
import { Page } from '@cuota/ui/page';
import { SchoolSwitcher } from '@cuota/ui/school-switcher';
import { renderThemed } from '@cuota/ui/test-support/render-themed';
import { UserMenu } from '@cuota/ui/user-menu';

const link = (label: string, current = false) => ({
  key: label,
  link: (
    <a href={`#${label}`} aria-current={current ? 'page' : undefined}>
      {label}
    </a>
  ),
});

function frame(routeKey: string, title: string, onSignOut = jest.fn()) {
  return (
    <DashboardFrame
      schoolName="Colegio Cuota Demo"
      schoolSwitcher={
        <SchoolSwitcher
          schools={[{ id: 's1', name: 'Colegio Cuota Demo' }]}
          selected="s1"
          onSelect={() => undefined}
        />
      }
      userMenu={<UserMenu name="Ana Torres" detail="Propietario" onSignOut={onSignOut} />}
      navigation={[
        { label: null, items: [link('Inicio')] },
        { label: 'Alumnos', items: [link('Alumnos', true), link('Admisiones')] },
      ]}
      routeKey={routeKey}
    >
      <Page key={routeKey} title={title}>
        <p>Contenido</p>
      </Page>
    </DashboardFrame>
  );
}

test('the first Tab reaches "Saltar al contenido", which moves focus to the content', async () => {
  renderThemed(frame('/dashboard/students', 'Alumnos'));
  const user = userEvent.setup();

  await user.tab();
  const skip = screen.getByRole('link', { name: 'Saltar al contenido' });
  expect(skip).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(screen.getByRole('main')).toHaveFocus();
});

test('the menu is grouped by area with the current section marked, and names the tab', () => {
  renderThemed(frame('/dashboard/students', 'Alumnos'));
  const nav = screen.getByRole('navigation', { name: 'Secciones del panel' });
  const group = within(nav).getByRole('list', { name: 'Alumnos' });
  expect(
    within(group)
      .getAllByRole('link')
      .map((a) => a.textContent),
  ).toEqual(['Alumnos', 'Admisiones']);
  expect(within(group).getByRole('link', { name: 'Alumnos' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(document.title).toBe('Alumnos · Colegio Cuota Demo · Cuota');
});

test('on a phone the menu opens from its button and closes with Escape', async () => {
  renderThemed(frame('/dashboard', 'Inicio'));
  const user = userEvent.setup();
  const button = screen.getByRole('button', { name: 'Menú' });
  expect(button).toHaveAttribute('aria-expanded', 'false');

  await user.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  expect(document.getElementById(button.getAttribute('aria-controls')!)).toHaveAttribute(
    'data-open',
    'true',
  );
  await user.keyboard('{Escape}');
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(button).toHaveFocus();
});

test('moving to another page closes the menu and puts focus on its heading', async () => {
  const { rerender } = renderThemed(frame('/dashboard', 'Inicio'));
  await userEvent.setup().click(screen.getByRole('button', { name: 'Menú' }));
  // A first load leaves focus alone.
  expect(screen.getByRole('heading', { name: 'Inicio' })).not.toHaveFocus();

  rerender(frame('/dashboard/students', 'Alumnos'));
  expect(screen.getByRole('heading', { name: 'Alumnos', level: 1 })).toHaveFocus();
  expect(screen.getByRole('button', { name: 'Menú' })).toHaveAttribute('aria-expanded', 'false');
});

test('the user menu shows who is signed in and signs out', async () => {
  const onSignOut = jest.fn();
  renderThemed(frame('/dashboard', 'Inicio', onSignOut));
  const user = userEvent.setup();

  await user.click(screen.getByRole('button', { name: 'Ana Torres' }));
  expect(screen.getByText('Propietario')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
  expect(onSignOut).toHaveBeenCalledTimes(1);
});
