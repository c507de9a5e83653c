import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { DeliveryReport } from '../guardian-notifications/notification-repository';

/** Whether `X-Hub-Signature-256` is the app secret's HMAC-SHA256 of these exact bytes. */
export function signedByMeta(
  appSecret: string,
  rawBody: Buffer,
  header: string | undefined,
): boolean {
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`,
  );
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type DeliveryOfMessage = { messageId: string; report: DeliveryReport };
const NOT_DELIVERED = 'WhatsApp: no entregado';

const statusSchema = z.object({
  id: z.string(),
  status: z.string(),
  timestamp: z.string().regex(/^\d+$/),
  errors: z.array(z.object({ code: z.number(), title: z.string() })).optional(),
});

/** A WhatsApp Business Account webhook; only the statuses of `messages` changes matter here. */
const webhookSchema = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.object({
      changes: z.array(
        z.object({
          field: z.string(),
          value: z.object({ statuses: z.array(statusSchema).optional() }).loose(),
        }),
      ),
    }),
  ),
});

/**
 * The delivery reports a webhook carries, by message id; `sent` adds nothing to what the
 * API's answer told, and other changes (incoming messages) are not ours. Null: not a webhook.
 */
export function deliveryReportsOf(rawBody: Buffer): DeliveryOfMessage[] | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  const parsed = webhookSchema.safeParse(json);
  if (!parsed.success) return null;
  return parsed.data.entry
    .flatMap((e) => e.changes)
    .filter((c) => c.field === 'messages')
    .flatMap((c) => c.value.statuses ?? [])
    .flatMap((s): DeliveryOfMessage[] => {
      const at = new Date(Number(s.timestamp) * 1000);
      if (s.status === 'delivered' || s.status === 'read')
        return [{ messageId: s.id, report: { status: s.status, at } }];
      if (s.status !== 'failed') return [];
      const error = s.errors?.map((e) => `WhatsApp ${e.code}: ${e.title}`).join('; ');
      return [{ messageId: s.id, report: { status: 'failed', at, error: error ?? NOT_DELIVERED } }];
    });
}
