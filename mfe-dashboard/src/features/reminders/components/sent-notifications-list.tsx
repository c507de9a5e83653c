import {
  DELIVERY_STATES,
  NOTIFICATION_CHANNELS,
  type DeliveryState,
  type NotificationChannel,
  type SentNotification,
} from '@cuota/contracts/notifications/entities';
import { Badge } from '@cuota/ui/badge';
import { CellNote } from '@cuota/ui/cell-note';
import { InstantText } from '@cuota/ui/date-text';
import { FilterSelect } from '@cuota/ui/filter-select';
import { FilteredPagedList } from '../../../components/filtered-paged-list';
import { bindFilter, useUrlFilters } from '../../../components/use-url-filters';
import {
  SENT_NOTIFICATIONS_PAGE_SIZE,
  useSentNotificationsQuery,
  type SentNotificationFilters,
} from '../api/reminders-api';
import { CHANNEL_LABELS, DELIVERY_STATE_LOOKS } from './delivery-state';

type LogSearch = Omit<SentNotificationFilters, 'page'>;

function readFilters(params: URLSearchParams): LogSearch {
  const state = params.get('state') as DeliveryState | null;
  const channel = params.get('channel') as NotificationChannel | null;
  return {
    state: state && DELIVERY_STATES.includes(state) ? state : undefined,
    channel: channel && NOTIFICATION_CHANNELS.includes(channel) ? channel : undefined,
    search: params.get('search') || undefined,
  };
}

const WHAT: Record<SentNotification['template'], string> = {
  payment_reminder: 'Recordatorio de pago',
  payment_received: 'Pago recibido',
  onboarding_reminder: 'Completar registro',
  wrong_data_reminder: 'Corregir datos fiscales',
  store_refunded: 'Reembolso de la tienda',
  payment_reference: 'Referencia de pago',
};

/** When the family read it, else when it arrived, else when it left. */
const lastNews = (n: SentNotification) => n.read_at ?? n.delivered_at ?? n.sent_at;

const columns = [
  { header: 'Fecha', cell: (n: SentNotification) => <InstantText instant={n.created_at} /> },
  {
    header: 'Tutor',
    cell: (n: SentNotification) => (
      <>
        {n.guardian_name || 'Tutor sin nombre'}
        <CellNote>{n.recipient}</CellNote>
      </>
    ),
  },
  {
    header: 'Mensaje',
    cell: (n: SentNotification) => (
      <>
        {WHAT[n.template]}
        <CellNote>{CHANNEL_LABELS[n.channel]}</CellNote>
      </>
    ),
  },
  {
    header: 'Estado',
    cell: (n: SentNotification) => {
      const look = DELIVERY_STATE_LOOKS[n.state];
      const at = lastNews(n);
      return (
        <>
          <Badge tone={look.tone} data-status={n.state}>
            {look.label}
          </Badge>
          {at && n.state !== 'FAILED' && (
            <CellNote>
              <InstantText instant={at} />
            </CellNote>
          )}
          {n.state === 'FAILED' && n.last_error && <CellNote>{n.last_error}</CellNote>}
        </>
      );
    },
  },
];

/** What was sent to whom and what became of it, newest first, by state and channel. */
export function SentNotificationsList({ schoolId }: { schoolId: string }) {
  const url = useUrlFilters(readFilters);
  const [filters] = url;
  const query = useSentNotificationsQuery({
    schoolId,
    filters,
  });
  return (
    <section aria-labelledby="sent-notifications">
      <h2 id="sent-notifications">Enviados</h2>
      <FilteredPagedList<SentNotification, LogSearch>
        url={url}
        search={{ name: 'Buscar enviados', hint: 'Nombre del tutor, correo o teléfono' }}
        filters={
          <>
            <FilterSelect
              label="Estado"
              options={DELIVERY_STATES.map((s) => ({
                value: s,
                label: DELIVERY_STATE_LOOKS[s].label,
              }))}
              {...bindFilter(url, 'state')}
            />
            <FilterSelect
              label="Canal"
              options={NOTIFICATION_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }))}
              {...bindFilter(url, 'channel')}
            />
          </>
        }
        query={query}
        noun="notificaciones"
        columns={columns}
        rowKey={(n) => n.id}
        empty={{
          title: 'Aún no se ha enviado nada',
          description:
            'Los recordatorios salen según el calendario de arriba y aparecerán aquí con su estado.',
        }}
        pageSize={SENT_NOTIFICATIONS_PAGE_SIZE}
        oneLineOnPhones
      />
    </section>
  );
}
