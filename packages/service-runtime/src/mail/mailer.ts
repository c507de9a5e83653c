import type { Transporter } from 'nodemailer';

/** One e-mail as the BFF and the services write it: Spanish plain text first, simple HTML second. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (an invoice's XML and PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** The same id on a re-sent message lets the receiving server drop the copy (notifications). */
  messageId?: string;
}

/** Sends mail through SMTP (the sandbox locally, a relay in a deployment). */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * The one place a process opens its SMTP transport (SMTP_URL, MAIL_FROM). nodemailer loads with
 * the first mail, not at start: most processes that can mail seldom do, and it costs each
 * of them megabytes while it sits loaded (ADR 0104).
 */
export function createMailer(smtpUrl: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined;
  const opened = () =>
    (transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl)));
  return {
    async send(mail) {
      await (await opened()).sendMail({ from, ...mail });
    },
    close: () => void transport?.then((t) => t.close()),
  };
}

/** For values put into a mail's HTML (names typed by people, links). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
