import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Spec §9 toast constants. */
export const TOAST_LIMIT = 1000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 200;

export type ToastVariant = 'success' | 'error';

/** A link the toast offers (kept serialisable: the store holds no functions). */
export interface ToastAction {
  label: string;
  href: string;
}

export interface Toast {
  id: string;
  title: string;
  description?: string;
  action?: ToastAction;
  open: boolean;
  variant: ToastVariant;
  /** How long it stays open, in ms. */
  duration: number;
}

const initialState: Toast[] = [];

export const toastSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    /** Newest first; past the limit the oldest go. */
    toastAdded(state, action: PayloadAction<Toast>) {
      return [action.payload, ...state].slice(0, TOAST_LIMIT);
    },
    /** Closes one toast (or all); it stays in state while it animates out. */
    toastDismissed(state, action: PayloadAction<string | undefined>) {
      for (const toast of state) {
        if (action.payload === undefined || toast.id === action.payload) toast.open = false;
      }
    },
    toastRemoved(state, action: PayloadAction<string>) {
      return state.filter((toast) => toast.id !== action.payload);
    },
  },
  selectors: {
    selectToasts: (state) => state,
  },
});

export const { toastAdded, toastDismissed, toastRemoved } = toastSlice.actions;
export const { selectToasts } = toastSlice.selectors;
