/** @jest-environment @cuota/web-core/test-support/jsdom-environment */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  ReminderScheduleView,
  SentNotification,
} from '@cuota/contracts/notifications/entities';
import { forgetCsrfToken } from '@cuota/web-core/api/csrf';
import { stubFetch } from '@cuota/web-core/test-support/fetch-stub';
import { renderWithProviders } from '@cuota/web-core/test-support/render-with-providers';
import { staffSession } from '@cuota/web-core/test-support/session-fixtures';
import { RemindersView } from './reminders-page';

const SCHOOL = 'school-1';
const SCHEDULE_PATH = `/api/v1/dashboard/schools/${SCHOOL}/reminder-schedule/`;
const LOG_PATH = `/api/v1/dashboard/schools/${SCHOOL}/notifications/`;
const schedule: ReminderScheduleView = {
  school_id: SCHOOL,
  enabled: true,
  days_before: 3,
  on_due_day: true,
  days_overdue: 3,
  quiet_from: 21,
  quiet_until: 8,
  channels: ['MAIL'],
};
const sent = (over: Partial<SentNotification>): SentNotification => ({
  id: 'n-1',
  channel: 'WHATSAPP',
  template: 'payment_reminder',
  reminder_kind: 'BEFORE_DUE',
  guardian_id: 'g-1',
  guardian_name: 'Laura López',
  recipient: '525512345678',
  state: 'READ',
  created_at: '2026-09-07T16:00:00.000Z',
  sent_at: '2026-09-07T16:00:01.000Z',
  delivered_at: '2026-09-07T16:00:02.000Z',
  read_at: '2026-09-07T16:05:00.000Z',
  last_error: null,
  ...over,
});
const log = {
  count: 2,
  page: 1,
  page_size: 25,
  results: [
    sent({}),
    sent({
      id: 'n-2',
      channel: 'MAIL',
      template: 'wrong_data_reminder',
      reminder_kind: null,
      guardian_name: 'Pedro Ruiz',
      recipient: 'pedro@example.mx',
      state: 'FAILED',
      read_at: null,
      delivered_at: null,
      last_error: 'WhatsApp 131026: Message undeliverable',
    }),
  ],
};

const render = (canEdit = true, url = '/d') =>
  renderWithProviders(<RemindersView schoolId={SCHOOL} canEdit={canEdit} />, {
    url,
    path: '/d',
    session: staffSession(),
  });

beforeEach(() => forgetCsrfToken());

test('the schedule shows what the school saved and saves WhatsApp too', async () => {
  const network = stubFetch()
    .on('GET', SCHEDULE_PATH, schedule)
    .on('GET', LOG_PATH, log)
    .on('GET', '/api/auth/csrf', { csrfToken: 't' })
    .on('PUT', SCHEDULE_PATH, { ...schedule, channels: ['MAIL', 'WHATSAPP'], days_before: 5 });
  const { store } = render();
  const user = userEvent.setup();
  const before = await screen.findByLabelText(/Días antes del vencimiento/);
  expect(before).toHaveValue(3);
  expect(screen.getByRole('checkbox', { name: 'Correo' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'WhatsApp' })).not.toBeChecked();
  await user.clear(before);
  await user.type(before, '5');
  await user.clear(screen.getByLabelText(/Días después del vencimiento/));
  await user.click(screen.getByRole('checkbox', { name: 'WhatsApp' }));
  await user.click(screen.getByRole('button', { name: 'Guardar calendario' }));
  await waitFor(() =>
    expect(store.getState().toasts).toEqual([
      expect.objectContaining({ title: 'Guardamos el calendario de recordatorios.' }),
    ]),
  );
  const [put] = network.sent('PUT', SCHEDULE_PATH);
  expect(await put!.json()).toEqual({
    enabled: true,
    days_before: 5,
    on_due_day: true,
    days_overdue: null,
    quiet_from: 21,
    quiet_until: 8,
    channels: ['MAIL', 'WHATSAPP'],
  });
});

test('no channel is refused in Spanish and nothing is sent', async () => {
  const network = stubFetch().on('GET', SCHEDULE_PATH, schedule).on('GET', LOG_PATH, log);
  render();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('checkbox', { name: 'Correo' }));
  await user.click(screen.getByRole('button', { name: 'Guardar calendario' }));
  expect(await screen.findByText('Elige al menos un canal: correo o WhatsApp.')).toBeVisible();
  expect(network.sent('PUT', SCHEDULE_PATH)).toHaveLength(0);
});

test('a role that only reads sees the schedule disabled and no save button', async () => {
  stubFetch().on('GET', SCHEDULE_PATH, schedule).on('GET', LOG_PATH, log);
  render(false);
  expect(await screen.findByRole('checkbox', { name: 'Correo' })).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Guardar calendario' })).toBeNull();
});

test('the log lists each message with its state and filters by state in the URL', async () => {
  const network = stubFetch().on('GET', SCHEDULE_PATH, schedule).on('GET', LOG_PATH, log);
  render();
  const user = userEvent.setup();
  const table = await screen.findByRole('table', { name: 'Notificaciones (2)' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(within(rows[0]!).getByText('Leído')).toBeInTheDocument();
  expect(within(rows[0]!).getByText('525512345678')).toBeInTheDocument();
  expect(within(rows[0]!).getByText('Recordatorio de pago')).toBeInTheDocument();
  expect(within(rows[1]!).getByText('Corregir datos fiscales')).toBeInTheDocument();
  expect(within(rows[1]!).getByText('Fallido')).toBeInTheDocument();
  expect(within(rows[1]!).getByText('WhatsApp 131026: Message undeliverable')).toBeInTheDocument();

  await user.selectOptions(screen.getByLabelText('Estado'), 'Fallido');
  await waitFor(() =>
    expect(network.requests.map((r) => new URL(r.url).search)).toContain(
      '?state=FAILED&page=1&page_size=25',
    ),
  );
});
