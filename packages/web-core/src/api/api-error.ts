import { apiErrorSchema } from '@cuota/contracts/common/api-error';

export const GENERIC_ERROR_MESSAGE = 'Algo salió mal. Intenta de nuevo en unos minutos.';
export const NETWORK_ERROR_MESSAGE =
  'No pudimos conectarnos. Revisa tu conexión a internet e intenta de nuevo.';
export const FISCAL_ADDRESS_MESSAGE =
  'El código postal debe coincidir con el registrado para ese RFC.';

export interface ReadableError {
  /** HTTP status when the server answered; null for network and client failures. */
  status: number | null;
  /** The BFF's machine code (`CSRF_INVALID`, `NOT_FOUND`…) when it sent one. */
  code: string | null;
  /** Spanish text ready to show. */
  message: string;
}

/**
 * Spec §5: the PAC's messages about the receiver's fiscal address (its postal code must
 * belong to the RFC) mean nothing to a parent; they get one plain sentence instead.
 * Any other message is shown as received.
 */
export function toUserMessage(message: string): string {
  const fiscalAddress = /domicilio\s*fiscal|fiscal\s*address/i.test(message);
  const mentionsRfc = /\brfc\b/i.test(message);
  const addressMustBelong = /address/i.test(message) && /must belong/i.test(message);
  return (fiscalAddress && mentionsRfc) || addressMustBelong ? FISCAL_ADDRESS_MESSAGE : message;
}

/** Reads the BFF's `{ error: { code, message } }` body, if that is what `data` is. */
export function parseApiErrorBody(data: unknown): { code: string; message: string } | null {
  const parsed = apiErrorSchema.safeParse(data);
  return parsed.success ? parsed.data.error : null;
}

/** The fields a refused request names (`error.details`), each with its Spanish message. */
export function errorDetails(error: unknown): { path: string; message: string }[] {
  const data = (error as { data?: unknown } | null)?.data;
  return apiErrorSchema.safeParse(data).data?.error.details ?? [];
}

/**
 * Turns whatever a failed call produced (an RTK Query error, a thrown Error) into
 * something to show: the server's own Spanish message when there is one.
 */
export function readError(error: unknown): ReadableError {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status, data } = error as { status: unknown; data?: unknown };
    const body = parseApiErrorBody(data);
    if (typeof status === 'number') {
      return {
        status,
        code: body?.code ?? null,
        message: body ? toUserMessage(body.message) : GENERIC_ERROR_MESSAGE,
      };
    }
    if (status === 'FETCH_ERROR')
      return { status: null, code: null, message: NETWORK_ERROR_MESSAGE };
    if (body) return { status: null, code: body.code, message: toUserMessage(body.message) };
  }
  return { status: null, code: null, message: GENERIC_ERROR_MESSAGE };
}
