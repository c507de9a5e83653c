import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SchoolSummary } from '@cuota/contracts/enrolment/entities';
import type { SchoolSelection } from '@cuota/web-core/global-state/school-selection';

/** Spec §3 client global state, persisted in session storage. */
export interface GlobalState {
  schools: SchoolSummary[];
  selectedSchool: string | null;
  webview: boolean;
}

export const emptyGlobalState: GlobalState = { schools: [], selectedSchool: null, webview: false };

export const globalStateSlice = createSlice({
  name: 'globalState',
  initialState: emptyGlobalState,
  reducers: {
    schoolsResolved(state, action: PayloadAction<SchoolSelection>) {
      state.schools = action.payload.schools;
      state.selectedSchool = action.payload.selectedSchool;
    },
    schoolSelected(state, action: PayloadAction<string>) {
      state.selectedSchool = action.payload;
    },
    webviewDetected(state) {
      state.webview = true;
    },
  },
  selectors: {
    selectSchools: (state) => state.schools,
    selectSelectedSchool: (state) => state.selectedSchool,
    selectWebview: (state) => state.webview,
  },
});

export const { schoolsResolved, schoolSelected, webviewDetected } = globalStateSlice.actions;
export const { selectSchools, selectSelectedSchool, selectWebview } = globalStateSlice.selectors;
