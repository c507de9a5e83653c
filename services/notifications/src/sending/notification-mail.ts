import { formatMexicoDate, formatMexicoDateTime, formatPeriod } from '@cuota/documents/date-format';
import { formatPesos } from '@cuota/documents/money-format';
import { escapeHtml, type OutgoingMail } from '@cuota/service-runtime/mail/mailer';
import type { NotificationTemplate } from '@cuota/contracts/notifications/entities';
import { dataProblemsPhrase } from '../families/data-problems';
import type { NotificationRow } from '../guardian-notifications/notification-repository';

/** What a message needs besides its row: who sends it and where the family lands. */
export interface MessageContext {
  schoolName: string;
  /** The link the message carries: the family's portal page, or its short link (WhatsApp). */
  link: string;
  /** A reminder's amount due today, from billing's quote right before sending. */
  amountDueCentavos?: number;
  /** Today in Mexico City: says whether the due date has passed. */
  today: string;
}

export const pesos = (centavos: number) => `${formatPesos(centavos)} MXN`;
/** A calendar date as people read it ("10 de septiembre de 2026"); noon avoids any zone shift. */
export const day = (date: string) => formatMexicoDate(new Date(`${date}T12:00:00Z`));

/** A reminder's sentence parts, the same in an e-mail and a WhatsApp template. */
export function reminderFacts(row: NotificationRow, context: MessageContext) {
  const v = row.variables;
  const what = v.period ? `${v.concept_name} de ${formatPeriod(v.period)}` : v.concept_name!;
  return {
    what,
    ofWhom: `${what} de ${v.student_name}`,
    when: `${v.due_on! < context.today ? 'venció el' : 'vence el'} ${day(v.due_on!)}`,
    amount: pesos(context.amountDueCentavos ?? 0),
  };
}

function reminderLines(row: NotificationRow, context: MessageContext): [string, string[]] {
  const facts = reminderFacts(row, context);
  return [
    `Recordatorio de pago: ${facts.what}`,
    [
      `Hola, ${row.variables.guardian_name}:`,
      `Te recordamos que el pago de ${facts.ofWhom} ${facts.when}.`,
      `Importe pendiente: ${facts.amount}.`,
      'Si ya pagaste, no hagas caso de este mensaje.',
    ],
  ];
}

function receivedLines(row: NotificationRow): [string, string[]] {
  const v = row.variables;
  return [
    'Pago recibido',
    [
      // A guest of the store has no name here (ADR 0083).
      v.guardian_name ? `Hola, ${v.guardian_name}:` : 'Hola:',
      `Recibimos tu pago de ${pesos(Number(v.amount_centavos))} el ${day(v.paid_on!)}.`,
      `Se aplicó a: ${v.concepts}.`,
      '¡Gracias!',
    ],
  ];
}

/** A store sale that sold out while its payment was confirmed, refunded whole (ADR 0092). */
function storeRefundedLines(row: NotificationRow): [string, string[]] {
  const v = row.variables;
  return [
    'Reembolso de tu compra',
    [
      v.guardian_name ? `Hola, ${v.guardian_name}:` : 'Hola:',
      'Tus artículos se agotaron mientras se confirmaba tu pago, así que no pudimos completar tu compra.',
      `Te devolvimos ${pesos(Number(v.amount_centavos))} a la tarjeta con la que pagaste; tu banco puede tardar unos días en reflejarlo.`,
      `Artículos: ${v.concepts}.`,
    ],
  ];
}

/**
 * A SPEI reference or cash voucher's sentence parts (ADR 0103), the same in an e-mail and a
 * WhatsApp template: the exact amount, how to pay it, and «Paga antes del».
 */
export function referenceFacts(row: NotificationRow) {
  const v = row.variables;
  return {
    amount: pesos(Number(v.amount_centavos)),
    how: v.clabe
      ? `transfiere por SPEI a la CLABE ${v.clabe}${v.bank ? ` (${v.bank})` : ''} con la referencia ${v.reference} en el concepto`
      : `paga en efectivo en una tienda de conveniencia con la referencia ${v.reference}`,
    deadline: formatMexicoDateTime(new Date(v.expires_at!)),
  };
}

function referenceLines(row: NotificationRow): [string, string[]] {
  const facts = referenceFacts(row);
  return [
    'Tu referencia de pago',
    [
      `Hola, ${row.variables.guardian_name}:`,
      `Para pagar ${facts.amount}, ${facts.how}.`,
      `Paga antes del ${facts.deadline} (hora del centro de México). Después la referencia vence y tendrás que generar otra en tu portal.`,
      'Paga la cantidad exacta: otra cantidad no se aplica a tus pagos.',
    ],
  ];
}

/** A «wrong_data» reminder's problems (queued as a list) as one Spanish phrase. */
export const problemsOf = (row: NotificationRow) =>
  dataProblemsPhrase(row.variables.problems!.split(','));

function onboardingLines(row: NotificationRow, context: MessageContext): [string, string[]] {
  return [
    'Completa tu registro',
    [
      `Hola, ${row.variables.guardian_name}:`,
      `${context.schoolName} te invita a terminar tu registro en el portal de pagos.`,
      'Ahí consultas y pagas las colegiaturas de tus hijos, y pides tus facturas.',
    ],
  ];
}

function wrongDataLines(row: NotificationRow): [string, string[]] {
  return [
    'Revisa tus datos de facturación',
    [
      `Hola, ${row.variables.guardian_name}:`,
      `El SAT no aceptaría tus facturas con estos datos: ${problemsOf(row)}.`,
      'Corrígelos en tu portal tal como aparecen en tu constancia de situación fiscal.',
    ],
  ];
}

const LINES: Record<
  NotificationTemplate,
  (row: NotificationRow, context: MessageContext) => [string, string[]]
> = {
  payment_reminder: reminderLines,
  payment_received: receivedLines,
  onboarding_reminder: onboardingLines,
  wrong_data_reminder: wrongDataLines,
  store_refunded: storeRefundedLines,
  payment_reference: referenceLines,
};

/**
 * The e-mail of a notification: Spanish plain text and simple HTML with the school's name and
 * the link to the family's portal (a button in HTML, the bare link in text).
 */
export function notificationMail(row: NotificationRow, context: MessageContext): OutgoingMail {
  const [title, lines] = LINES[row.template](row, context);
  const signature = `${context.schoolName}, a través de Cuota`;
  const text = [...lines, `Entra a tu portal: ${context.link}`, signature].join('\n\n');
  const html = [
    `<h1 style="font-size:20px">${escapeHtml(context.schoolName)}</h1>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(context.link)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">Entrar a mi portal</a></p>`,
    `<p style="color:#555">${escapeHtml(signature)}</p>`,
  ].join('');
  return {
    to: row.recipient,
    subject: `${title} · ${context.schoolName}`,
    text,
    html,
    messageId: `<${row.id}@notificaciones.cuota.mx>`,
  };
}
