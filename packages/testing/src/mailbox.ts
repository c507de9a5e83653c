import { waitFor } from './wait-for';

export interface MailboxMessage {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  attachments: { filename: string; content_type: string; size: number }[];
  received_at: string;
}

/** The sandbox's messages to `email` (newest first), read over its HTTP API. */
export async function messagesTo(mailboxUrl: string, email: string): Promise<MailboxMessage[]> {
  const res = await fetch(new URL(`messages?to=${encodeURIComponent(email)}`, mailboxUrl));
  return (await res.json()) as MailboxMessage[];
}

/** Waits for the n-th message to `email` and returns it with the 6-digit code it carries. */
export async function waitForCode(mailboxUrl: string, email: string, count = 1) {
  const messages = await waitFor(async () => {
    const all = await messagesTo(mailboxUrl, email);
    return all.length >= count ? all : undefined;
  }, 5_000);
  const message = messages[0]!;
  return { message, code: /\b(\d{6})\b/.exec(message.text)![1]! };
}

/** Waits for the n-th message to `email` (newest first) and returns the newest. */
export async function waitForMessage(mailboxUrl: string, email: string, count = 1) {
  const messages = await waitFor(async () => {
    const all = await messagesTo(mailboxUrl, email);
    return all.length >= count ? all : undefined;
  }, 5_000);
  return messages[0]!;
}
