import type { NotificationTemplate } from '@cuota/contracts/notifications/entities';
import type { NotificationRow } from '../guardian-notifications/notification-repository';
import {
  day,
  pesos,
  problemsOf,
  referenceFacts,
  reminderFacts,
  type MessageContext,
} from '../sending/notification-mail';

/** An approved template (Business Manager) and its body variables in order. */
export interface TemplateMessage {
  name: string;
  language: 'es_MX';
  variables: string[];
}

type Variables = (row: NotificationRow, context: MessageContext) => string[];

/** Each notification's approved template and its variables, the link always last. */
const TEMPLATES: Record<NotificationTemplate, { name: string; variables: Variables }> = {
  payment_reminder: {
    name: 'recordatorio_pago',
    variables: (row, context) => {
      const facts = reminderFacts(row, context);
      return [row.variables.guardian_name!, facts.ofWhom, facts.when, facts.amount];
    },
  },
  payment_received: {
    name: 'pago_recibido',
    variables: ({ variables: v }) => [
      v.guardian_name!,
      `${pesos(Number(v.amount_centavos))} el ${day(v.paid_on!)}`,
      v.concepts!,
    ],
  },
  onboarding_reminder: {
    name: 'completa_registro',
    variables: (row, context) => [row.variables.guardian_name!, context.schoolName],
  },
  wrong_data_reminder: {
    name: 'corrige_datos_fiscales',
    variables: (row) => [row.variables.guardian_name!, problemsOf(row)],
  },
  store_refunded: {
    name: 'reembolso_tienda',
    variables: ({ variables: v }) => [
      v.guardian_name!,
      pesos(Number(v.amount_centavos)),
      v.concepts!,
    ],
  },
  payment_reference: {
    name: 'referencia_pago',
    variables: (row) => {
      const facts = referenceFacts(row);
      return [row.variables.guardian_name!, facts.amount, facts.how, facts.deadline];
    },
  },
};

/**
 * A notification as WhatsApp sends it: only approved templates may open a conversation, so
 * each of ours maps to one with its variables; the link is the message's short link.
 */
export function whatsAppTemplate(row: NotificationRow, context: MessageContext): TemplateMessage {
  const template = TEMPLATES[row.template];
  return {
    name: template.name,
    language: 'es_MX',
    variables: [...template.variables(row, context), context.link],
  };
}
