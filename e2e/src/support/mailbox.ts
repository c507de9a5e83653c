interface SandboxMessage {
  id: string;
  to: string[];
  subject: string;
  text: string;
  received_at: string;
}

/** Waits for the newest sign-in mail to `email` after `since` and returns its 6-digit code. */
export async function readLoginCode(
  mailboxUrl: string,
  email: string,
  since: Date,
): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(new URL(`messages?to=${encodeURIComponent(email)}`, mailboxUrl));
    const messages = (await response.json()) as SandboxMessage[];
    const fresh = messages.find((m) => new Date(m.received_at) >= since);
    const code = fresh?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no sign-in code reached ${email} in the mailbox`);
}

/** A dashboard page a staff e-mail links to: an invitation or a password reset. */
export type MailedDashboardPage = 'invitacion' | 'restablecer-contrasena';

/** Waits for the newest mail to `email` linking to `page` and returns the link. */
export async function readDashboardLink(
  mailboxUrl: string,
  email: string,
  page: MailedDashboardPage,
): Promise<string> {
  const pattern = new RegExp(`https?://\\S+/dashboard/${page}/[A-Za-z0-9_-]+`);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(new URL(`messages?to=${encodeURIComponent(email)}`, mailboxUrl));
    const messages = (await response.json()) as SandboxMessage[];
    const link = messages[0]?.text.match(pattern)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${page} link reached ${email} in the mailbox`);
}

/** Waits for the first payment reminder to `email` after `since` and returns its portal link. */
export async function readReminderLink(
  mailboxUrl: string,
  email: string,
  since: Date,
): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const response = await fetch(new URL(`messages?to=${encodeURIComponent(email)}`, mailboxUrl));
    const messages = (await response.json()) as SandboxMessage[];
    const reminder = messages.find(
      (m) => new Date(m.received_at) >= since && m.subject.startsWith('Recordatorio de pago'),
    );
    const link = reminder?.text.match(/https?:\/\/\S+[?&]notification_id=[0-9a-f-]+/)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no payment reminder reached ${email} in the mailbox`);
}

/** Waits for a mail to `email` whose text matches `pattern` and returns that text. */
export async function readMailText(
  mailboxUrl: string,
  email: string,
  pattern: RegExp,
): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const response = await fetch(new URL(`messages?to=${encodeURIComponent(email)}`, mailboxUrl));
    const messages = (await response.json()) as SandboxMessage[];
    const found = messages.find((m) => pattern.test(m.text));
    if (found) return found.text;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail matching ${pattern} reached ${email} in the mailbox`);
}
