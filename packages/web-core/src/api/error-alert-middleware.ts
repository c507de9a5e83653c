import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { alertShown } from '@cuota/web-core/alert/alert-slice';
import { readError } from '@cuota/web-core/api/api-error';
import { reportClientError } from '@cuota/web-core/errors/report-client-error';

const isMutation = (meta: unknown) =>
  (meta as { arg?: { type?: string } } | undefined)?.arg?.type === 'mutation';

/** Set by base-query.ts for endpoints declared with `extraOptions: { showsOwnError: true }`. */
const showsOwnError = (meta: unknown) =>
  !!(meta as { baseQueryMeta?: { showsOwnError?: boolean } } | undefined)?.baseQueryMeta
    ?.showsOwnError;

/**
 * Spec §8: client errors are logged and shown through the alert. Only mutations (what
 * the user just did) alert; a failed query is shown by the page that needed it, a
 * mutation that `showsOwnError` by its form, and a 401 is the session guard's business.
 */
export const errorAlertMiddleware: Middleware = (api) => (next) => (action) => {
  if (isRejectedWithValue(action) && isMutation(action.meta)) {
    const error = readError(action.payload);
    if (error.status !== 401) {
      reportClientError(error.code ?? 'CLIENT_REQUEST_ERROR', error.message);
      if (!showsOwnError(action.meta))
        api.dispatch(alertShown({ text: error.message, type: 'error' }));
    }
  }
  return next(action);
};
