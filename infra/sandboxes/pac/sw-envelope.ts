/**
 * SW sapien's JSON envelope (published/sw-error-messages.json): `{ data, status: "success" }`
 * or `{ message, messageDetail, data, status: "error" }`, the code at the start of `message`.
 */
export interface SwErrorBody {
  message: string;
  messageDetail: string | null;
  data: unknown;
  status: 'error';
}

export function swSuccess(data: unknown): { data: unknown; status: 'success' } {
  return { data, status: 'success' };
}

/** An answer in SW's error envelope; `data` carries the previous stamp of a 307. */
export class SwError extends Error {
  readonly httpStatus: number;
  readonly messageDetail: string | null;
  readonly data: unknown;

  constructor(
    httpStatus: number,
    message: string,
    messageDetail: string | null = null,
    data: unknown = null,
  ) {
    super(message);
    this.httpStatus = httpStatus;
    this.messageDetail = messageDetail;
    this.data = data;
  }

  body(): SwErrorBody {
    return {
      message: this.message,
      messageDetail: this.messageDetail,
      data: this.data,
      status: 'error',
    };
  }
}

/**
 * How SW writes a code in `message`: Anexo 20's three-digit validations as "307. texto.",
 * every other code (SAT's matrix CFDI40xxx, SW's own AU…, CA…) as "CÓDIGO - texto".
 */
export function swMessage(code: string, text: string): string {
  return /^\d{3}$/.test(code) ? `${code}. ${text}` : `${code} - ${text}`;
}
