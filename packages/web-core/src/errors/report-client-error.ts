import { clientLog } from '@cuota/contracts/identity/shell-endpoints';
import { postForm } from '@cuota/web-core/api/csrf';

/**
 * Spec §8: client errors are logged, locally and to the BFF's Auth.js-shaped `_log`
 * endpoint (form fields `level`, `code`, `message`). Reporting never throws: a failure
 * to report must not become a second error for the user.
 */
export function reportClientError(code: string, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`[${code}]`, error);
  postForm(clientLog, {}, () => ({ level: 'error', code, message })).catch(() => undefined);
}
