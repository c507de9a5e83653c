import { z } from 'zod';

/** Body of every 4xx/5xx answer from the BFF and the services. `message` is Spanish. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Stable machine codes; the Spanish text travels in `message`. */
export const API_ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHENTICATED',
  'SESSION_EXPIRED',
  'CSRF_INVALID',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** 402: the card gateway declined the charge (the gateway's reason in `message`). */
  'PAYMENT_DECLINED',
  /** 422: an Idempotency-Key already used for a different request. */
  'IDEMPOTENCY_KEY_REUSED',
  /** 422: a desk payment above the school's limit (ADR 0036). */
  'DESK_LIMIT_EXCEEDED',
  /** 409: a desk payment above what the chosen orders owe, not confirmed (ADR 0036). */
  'EXCESS_NOT_CONFIRMED',
  /** 409: a card refund whose credit the family already spent, not confirmed (ADR 0036). */
  'CREDIT_SPENT_NOT_CONFIRMED',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_SERVER_ERROR',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
