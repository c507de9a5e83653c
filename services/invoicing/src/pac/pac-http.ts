/** One HTTP call to the PAC or SAT: an answer of any status, or why there was none. */
export type HttpAnswer =
  { kind: 'answered'; status: number; text: string } | { kind: 'unavailable'; reason: string };

export async function send(url: string, init: RequestInit, timeoutMs: number): Promise<HttpAnswer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { kind: 'answered', status: response.status, text: await response.text() };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return {
      kind: 'unavailable',
      reason: timedOut ? `sin respuesta en ${timeoutMs} ms` : `sin conexión (${String(error)})`,
    };
  }
}

/** The body as JSON, or undefined when it is not JSON. */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
