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

/** Waits for the staff invitation mailed to `email` and returns the link it carries. */
export async function readInvitationLink(mailboxUrl: string, email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(new URL(`messages?to=${encodeURIComponent(email)}`, mailboxUrl));
    const messages = (await response.json()) as SandboxMessage[];
    const link = messages[0]?.text.match(
      /https?:\/\/\S+\/dashboard\/invitacion\/[A-Za-z0-9_-]+/,
    )?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no invitation reached ${email} in the mailbox`);
}
