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

/** In-memory mailbox: the newest messages first, bounded so a long demo can't grow it forever. */
export class Mailbox {
  private readonly messages: SandboxMessage[] = [];

  add(mail: ParsedMail, envelopeTo: string[]): SandboxMessage {
    const message: SandboxMessage = {
      id: randomUUID(),
      from: mail.from?.text ?? '',
      to: envelopeTo.map((a) => a.toLowerCase()),
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
    this.messages.length = Math.min(this.messages.length, CAPACITY);
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
  }
}
