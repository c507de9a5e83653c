import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Session, SessionStatus } from '@cuota/contracts/identity/session';

export interface SessionState {
  status: SessionStatus;
  session: Session | null;
}

const initialState: SessionState = { status: 'loading', session: null };

/** Spec §4 session status: loading until the first answer, then one of the other two. */
export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    sessionLoaded(state, action: PayloadAction<Session | null>) {
      state.session = action.payload;
      state.status = action.payload ? 'authenticated' : 'unauthenticated';
    },
  },
  selectors: {
    selectSessionStatus: (state) => state.status,
    selectSession: (state) => state.session,
    selectSessionUser: (state) => state.session?.user ?? null,
  },
});

export const { sessionLoaded } = sessionSlice.actions;
export const { selectSessionStatus, selectSession, selectSessionUser } = sessionSlice.selectors;
