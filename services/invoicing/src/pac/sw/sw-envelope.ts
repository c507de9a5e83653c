/**
 * SW sapien's JSON envelope (infra/sandboxes/pac/published/sw-error-messages.json): success is
 * `{ data, status: "success" }`; an error `{ message, messageDetail, data, status: "error" }`
 * with its code at the start of `message` ("CFDI40148 - texto", "307. texto").
 */
import { z } from 'zod';

const successSchema = z.object({ status: z.literal('success'), data: z.unknown() });
const errorSchema = z.object({
  status: z.literal('error'),
  message: z.string().min(1),
  messageDetail: z.string().nullish(),
  data: z.unknown().nullish(),
});

export type SwErrorEnvelope = z.infer<typeof errorSchema>;

/** The `data` of a success envelope, read with `schema`; undefined for anything else. */
export function successData<T>(body: unknown, schema: z.ZodType<T>): T | undefined {
  const envelope = successSchema.safeParse(body);
  if (!envelope.success) return undefined;
  const data = schema.safeParse(envelope.data.data);
  return data.success ? data.data : undefined;
}

export function errorEnvelope(body: unknown): SwErrorEnvelope | undefined {
  const envelope = errorSchema.safeParse(body);
  return envelope.success ? envelope.data : undefined;
}

const CODED = /^([A-Z]+\d*)(?: - |\. )([\s\S]+)$|^(\d{3})\. ([\s\S]+)$/;

/** The code and the text of SW's `message`; a message without a code is all text. */
export function codeAndText(message: string): { code: string; text: string } {
  const match = CODED.exec(message.trim());
  if (!match) return { code: 'PAC', text: message.trim() };
  return { code: match[1] ?? match[3]!, text: (match[2] ?? match[4]!).trim() };
}
