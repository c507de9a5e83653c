import type { NotificationRow } from '../guardian-notifications/notification-repository';
import {
  day,
  pesos,
  portalLink,
  reminderFacts,
  type MessageContext,
} from '../sending/notification-mail';

/** An approved template (Business Manager) and its body variables in order. */
export interface TemplateMessage {
  name: string;
  language: 'es_MX';
  variables: string[];
}

/**
 * A notification as WhatsApp sends it: only approved templates may open a conversation, so
 * each of ours maps to one (`recordatorio_pago`, `pago_recibido`) with its variables.
 */
export function whatsAppTemplate(row: NotificationRow, context: MessageContext): TemplateMessage {
  const link = portalLink(context.portalUrl, row.id);
  const v = row.variables;
  if (row.template === 'payment_reminder') {
    const facts = reminderFacts(row, context);
    return {
      name: 'recordatorio_pago',
      language: 'es_MX',
      variables: [v.guardian_name!, facts.ofWhom, facts.when, facts.amount, link],
    };
  }
  return {
    name: 'pago_recibido',
    language: 'es_MX',
    variables: [
      v.guardian_name!,
      `${pesos(Number(v.amount_centavos))} el ${day(v.paid_on!)}`,
      v.concepts!,
      link,
    ],
  };
}
