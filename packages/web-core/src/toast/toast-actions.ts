import type { AppThunk } from '@cuota/web-core/store';
import {
  TOAST_DURATION_MS,
  TOAST_REMOVE_DELAY_MS,
  toastAdded,
  toastDismissed,
  toastRemoved,
  type Toast,
} from '@cuota/web-core/toast/toast-slice';

export type ToastInput = Omit<Toast, 'id' | 'open' | 'duration' | 'variant'> &
  Partial<Pick<Toast, 'duration' | 'variant'>>;

let lastId = 0;

/** Opens a toast and returns its id. How long it stays open is the viewport's job. */
export const showToast =
  (input: ToastInput): AppThunk<string> =>
  (dispatch) => {
    lastId += 1;
    const id = String(lastId);
    dispatch(
      toastAdded({
        variant: 'success',
        duration: TOAST_DURATION_MS,
        ...input,
        id,
        open: true,
      }),
    );
    return id;
  };

/** Closes a toast and drops it from state once its exit has had time to play. */
export const dismissToast =
  (id: string): AppThunk =>
  (dispatch) => {
    dispatch(toastDismissed(id));
    setTimeout(() => dispatch(toastRemoved(id)), TOAST_REMOVE_DELAY_MS);
  };
