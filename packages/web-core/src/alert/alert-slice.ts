import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Spec §9: the alert banner closes itself after 6 s. */
export const ALERT_AUTO_CLOSE_MS = 6000;

export type AlertType = 'success' | 'error' | 'info' | 'warning';

export interface AlertState {
  text: string;
  type: AlertType;
  open: boolean;
  /** Changes with every alert shown, so the same text twice restarts the timer. */
  key: number;
}

const initialState: AlertState = { text: '', type: 'info', open: false, key: 0 };

export const alertSlice = createSlice({
  name: 'alert',
  initialState,
  reducers: {
    alertShown(state, action: PayloadAction<{ text: string; type: AlertType }>) {
      return { ...action.payload, open: true, key: state.key + 1 };
    },
    alertClosed(state) {
      state.open = false;
    },
  },
  selectors: {
    selectAlert: (state) => state,
  },
});

export const { alertShown, alertClosed } = alertSlice.actions;
export const { selectAlert } = alertSlice.selectors;
