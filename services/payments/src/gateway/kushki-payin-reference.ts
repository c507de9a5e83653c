import { z } from 'zod';

/** How a family pays outside the card: SPEI to a CLABE, or cash at a store with a voucher. */
export type ReferenceMethod = 'transfer' | 'cash';

/** Where each is opened (reference/mexico.md §3.6–3.7; the server-side init, ADR 0089). */
export const REFERENCE_PATHS: Record<ReferenceMethod, string> = {
  transfer: '/transfer/v1/init',
  cash: '/cash/v1/charges/init',
};

/** What the family quotes to pay: SPEI's CLABE and reference, or the voucher's pin. */
export interface PayinReference {
  ticketNumber: string;
  clabe: string | null;
  reference: string;
  expiresAt: Date;
}

// The answers' `clabe`, `reference`, `pin` and `expiresAt` are guesses (the sandbox's README).
const answerSchema = z.object({
  ticketNumber: z.string().min(1),
  clabe: z
    .string()
    .regex(/^\d{18}$/)
    .nullish(),
  reference: z.string().min(1).optional(),
  pin: z.string().min(1).optional(),
  expiresAt: z.number().int().positive(),
});

/** The init's answer read, or null when it is not a reference (the caller says why). */
export function referenceOfAnswer(method: ReferenceMethod, body: unknown): PayinReference | null {
  const answer = answerSchema.safeParse(body);
  if (!answer.success) return null;
  const { ticketNumber, clabe, reference, pin, expiresAt } = answer.data;
  const quoted = method === 'transfer' ? reference : pin;
  if (!quoted || (method === 'transfer' && !clabe)) return null;
  return { ticketNumber, clabe: clabe ?? null, reference: quoted, expiresAt: new Date(expiresAt) };
}
