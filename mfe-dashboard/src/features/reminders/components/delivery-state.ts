import type { DeliveryState, NotificationChannel } from '@cuota/contracts/notifications/entities';
import type { Tone } from '@cuota/ui/theme';

/** What became of a notification, in Spanish, with its badge's tone (ADR 0075). */
export const DELIVERY_STATE_LOOKS: Record<DeliveryState, { label: string; tone: Tone }> = {
  QUEUED: { label: 'Pendiente', tone: 'info' },
  SENT: { label: 'Enviado', tone: 'info' },
  DELIVERED: { label: 'Entregado', tone: 'success' },
  READ: { label: 'Leído', tone: 'success' },
  FAILED: { label: 'Fallido', tone: 'error' },
  CANCELED: { label: 'Cancelado (ya pagado)', tone: 'neutral' },
};

export const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  MAIL: 'Correo',
  WHATSAPP: 'WhatsApp',
};
