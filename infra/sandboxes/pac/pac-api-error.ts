/** A control route's refusal (the sandbox's own routes, not SW's): an HTTP status, a code and Spanish text. */
export class PacApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export const notFound = () => new PacApiError(404, '205', 'UUID No existe');
