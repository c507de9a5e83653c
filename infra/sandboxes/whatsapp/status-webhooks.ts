import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

/** A message's statuses as the Cloud API reports them, in order. */
export type MessageStatus = 'sent' | 'delivered' | 'read' | 'failed';

export interface StatusUpdate {
  messageId: string;
  recipient: string;
  status: MessageStatus;
  /** The Cloud API's error on `failed` (code and title). */
  error?: { code: number; title: string };
}

/**
 * The Cloud API's webhook signature: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw
 * body keyed with the app secret>`.
 */
export const hubSignature = (appSecret: string, rawBody: string) =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

/** The `messages` change of a WhatsApp Business Account webhook carrying one status. */
export function statusPayload(
  account: { wabaId: string; phoneNumberId: string; displayPhoneNumber: string },
  update: StatusUpdate,
  at: Date,
) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: account.wabaId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: account.displayPhoneNumber,
                phone_number_id: account.phoneNumberId,
              },
              statuses: [
                {
                  id: update.messageId,
                  status: update.status,
                  timestamp: String(Math.floor(at.getTime() / 1000)),
                  recipient_id: update.recipient,
                  ...(update.error ? { errors: [update.error] } : {}),
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

/**
 * POSTs signed status webhooks to the app's callback. One message's statuses go one after the
 * other (a `read` never overtakes its `delivered`); different messages' go side by side. A
 * refused delivery is retried a few times, as Meta does.
 */
export class StatusWebhooks {
  private readonly pending = new Set<Promise<void>>();
  /** Deliveries answered 2xx, and those given up. */
  delivered = 0;
  abandoned = 0;

  /** The app's callback, as set in Meta's App Dashboard (`PUT /_sandbox/webhook`). */
  url: string | undefined;
  private readonly appSecret: string;
  private readonly account: Parameters<typeof statusPayload>[0];

  constructor(
    url: string | undefined,
    appSecret: string,
    account: Parameters<typeof statusPayload>[0],
  ) {
    this.url = url;
    this.appSecret = appSecret;
    this.account = account;
  }

  /** One message's statuses, in order. */
  send(updates: StatusUpdate[]): void {
    if (!this.url) return;
    const run = (async () => {
      for (const update of updates)
        await this.deliver(JSON.stringify(statusPayload(this.account, update, new Date())));
    })();
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
  }

  /** Resolves when every status queued so far has been delivered or given up. */
  settled = async () => {
    while (this.pending.size > 0) await Promise.all(this.pending);
  };

  private async deliver(rawBody: string): Promise<void> {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      if (attempt > 0) await sleep(100 * 4 ** attempt);
      const answered = await fetch(this.url!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': hubSignature(this.appSecret, rawBody),
        },
        body: rawBody,
      }).catch(() => undefined);
      if (answered?.ok) {
        this.delivered += 1;
        return;
      }
    }
    this.abandoned += 1;
  }
}
