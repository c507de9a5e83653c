import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';

export interface SandboxMessage {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** What was attached (names, types and sizes; the bytes are not kept). */
  attachments: { filename: string; content_type: string; size: number }[];
  received_at: string;
}

const CAPACITY = 1000;

/**
 * In-memory mailbox: the newest messages first, bounded so a long demo can't grow it forever.
 * A message whose Message-ID it already holds for the same recipients is accepted and dropped,
 * as Gmail does with a re-sent copy (ADR 0094): only the copies are counted.
 */
export class Mailbox {
  private readonly messages: SandboxMessage[] = [];
  private readonly byMessageId = new Map<string, SandboxMessage>();
  /** Copies dropped because their Message-ID was already delivered to the same recipients. */
  duplicates = 0;

  add(mail: ParsedMail, envelopeTo: string[]): SandboxMessage {
    const to = envelopeTo.map((a) => a.toLowerCase());
    const key = mail.messageId && `${mail.messageId} ${[...to].sort().join(',')}`;
    const delivered = key ? this.byMessageId.get(key) : undefined;
    if (delivered) {
      this.duplicates += 1;
      return delivered;
    }
    const message: SandboxMessage = {
      id: randomUUID(),
      from: mail.from?.text ?? '',
      to,
      subject: mail.subject ?? '',
      text: mail.text ?? '',
      html: typeof mail.html === 'string' ? mail.html : null,
      attachments: mail.attachments.map((a) => ({
        filename: a.filename ?? '',
        content_type: a.contentType,
        size: a.size,
      })),
      received_at: new Date().toISOString(),
    };
    this.messages.unshift(message);
    for (const dropped of this.messages.splice(CAPACITY)) this.forget(dropped);
    if (key) this.byMessageId.set(key, message);
    return message;
  }

  list(to?: string): SandboxMessage[] {
    const wanted = to?.toLowerCase();
    return wanted ? this.messages.filter((m) => m.to.includes(wanted)) : [...this.messages];
  }

  get(id: string): SandboxMessage | undefined {
    return this.messages.find((m) => m.id === id);
  }

  clear(): void {
    this.messages.length = 0;
    this.byMessageId.clear();
    this.duplicates = 0;
  }

  private forget(message: SandboxMessage): void {
    for (const [key, kept] of this.byMessageId) if (kept === message) this.byMessageId.delete(key);
  }
}
